import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Pretendard with font-display: optional instead of the package's swap: a first visit on a slow
 * connection keeps the system font rather than reflowing the page when each subset arrives (layout
 * shift, repeated layout); the fonts are cached (immutable /assets) for the next page load.
 */
function fontDisplayOptional(): Plugin {
  return {
    name: "font-display-optional",
    transform(code, id) {
      if (!/\.css($|\?)/.test(id) || !code.includes("Pretendard")) return null;
      return { code: code.replace(/font-display:\s*swap/g, "font-display: optional"), map: null };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), fontDisplayOptional()],
  build: { assetsInlineLimit: 0 },
});

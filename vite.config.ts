import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, minifySync, type Plugin } from "vite";

/**
 * The small module of the script-free pages (app/scripts/page-enhancements.js, ADR 0031) is imported with `?url`,
 * which copies a file as it is: it is minified on its way out, so its comments stay in the source and out of
 * every page's download (about half the gzip bytes as written).
 */
function minifyCopiedScripts(): Plugin {
  return {
    name: "minify-copied-scripts",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !file.fileName.endsWith(".js")) continue;
        const minified = minifySync(file.fileName, String(file.source), { module: true });
        if (minified.errors.length) this.error(`${file.fileName}: ${minified.errors.map((error) => error.message).join("; ")}`);
        file.source = minified.code;
      }
    },
  };
}

// Pretendard keeps the package's font-display: swap. `optional` (tried for layout stability) left machines
// without a Korean system font, such as these Debian test machines, showing empty boxes instead of text.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), minifyCopiedScripts()],
  build: { assetsInlineLimit: 0 },
  // The server build starts at server/entry.ts: the Express app and the app's lifecycle are bundled with the
  // routes, and server.ts imports them from build/server/index.js (docs/decisions/0027).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } } },
});

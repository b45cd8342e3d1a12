import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Pretendard keeps the package's font-display: swap. `optional` (tried for layout stability) left machines
// without a Korean system font, such as these Debian test machines, showing empty boxes instead of text.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
});

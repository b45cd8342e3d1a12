import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Pretendard keeps the package's font-display: swap. `optional` (tried for layout stability) left machines
// without a Korean system font, such as these Debian test machines, showing empty boxes instead of text.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The server build starts at server/entry.ts: the Express app and the app's lifecycle are bundled with the
  // routes, and server.ts imports them from build/server/index.js (docs/decisions/0027).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/entry.ts" } } } },
});

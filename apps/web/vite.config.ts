import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server listens here in development (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: false },
      // The socket uses HTTP long-polling only, so no WebSocket upgrade is proxied.
      '/socket.io': { target: apiTarget, ws: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @querent/contracts builds zod schemas at module level, but the web app only uses its types
        // and small helpers. Treating those modules and zod's builders as side-effect free lets the
        // bundle drop the unused schemas, and zod with them (about 20 kB gzipped). Importing a runtime
        // value from a contracts module whose schemas are derived (`schema.extend(...)`) brings zod
        // back: prefer `import type` from @querent/contracts in the web app.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
    // Lazy pages (SQL editor) and the chart component are dynamic imports; Vite emits each as its
    // own chunk, so /chat/new never downloads them.
  },
});

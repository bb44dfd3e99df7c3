import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The renderer is served from a custom protocol in Electron and from the loopback bridge in
// browser mode, so every URL is relative and nothing needs inline script or eval (strict CSP).
const root = fileURLToPath(new URL('./renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./out/renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
    // The polyfill would be injected as an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1600,
  },
  server: { host: '127.0.0.1', strictPort: false },
  preview: { host: '127.0.0.1' },
});

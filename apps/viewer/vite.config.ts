import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server answers the page (apps/server/src/modules/viewer-page) and serves these files under /viewer/.
export default defineConfig({
  base: '/viewer/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser that runs module scripts has native modulepreload but Firefox < 115; its polyfill costs bytes
    // on every load for the exterior-only case that matters most.
    modulePreload: { polyfill: false },
    target: 'es2020',
    sourcemap: true,
    // three.js is one big chunk by nature; it loads only when an interior opens.
    chunkSizeWarningLimit: 800,
  },
});

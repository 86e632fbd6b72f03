import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console calls the server on the same origin in production; in development Vite forwards the server's
// prefixes to a locally running `spinyard serve` so the browser never needs CORS.
const SERVER_URL = 'http://localhost:8080';
const SERVER_PREFIXES = ['/v1', '/api', '/svnmedia', '/docs'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than the console: separate chunks stay cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](@mantine|@floating-ui)[\\/]/.test(id)) return 'mantine';
          if (/[\\/]@tabler[\\/]/.test(id)) return 'icons';
          if (/[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, { target: SERVER_URL, changeOrigin: true }])),
  },
});

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
    // No manual vendor chunks: a chunk that holds all of Mantine (or every library) would load whole on the
    // login page. Rollup splits the libraries along the lazy routes instead, so each page fetches what it uses.
  },
  server: {
    proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, { target: SERVER_URL, changeOrigin: true }])),
  },
});

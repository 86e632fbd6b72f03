import path from 'node:path';
import { defineConfig } from 'vite';
import { viewerConfig } from './vite.config.ts';

/**
 * The call page (call.html, served as it is at /call), built after the viewer into the same folder: a build of its
 * own, so the viewer page's bundle (one script, its styles inlined by the server) stays exactly what it was.
 */
export default defineConfig({
  ...viewerConfig,
  build: {
    ...viewerConfig.build,
    emptyOutDir: false,
    rollupOptions: { input: { call: path.join(import.meta.dirname, 'call.html') } },
  },
});

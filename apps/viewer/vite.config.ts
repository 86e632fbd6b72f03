import { defineConfig, type UserConfig } from 'vite';

/**
 * The viewer is React code (typed against React, like the console) run on preact/compat: the same API in about a
 * tenth of react-dom's bytes, which is most of an exterior-only page's script (docs/decisions.md). Dev and build
 * use it alike, so what is tested is what ships.
 */
const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The server answers the page (apps/server/src/modules/viewer-page) and serves these files under /viewer/.
export const viewerConfig = {
  base: '/viewer/',
  // No React plugin: its fast refresh is react-dom's; esbuild's automatic JSX imports react/jsx-runtime (aliased).
  resolve: { alias: PREACT, dedupe: ['preact'] },
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
} satisfies UserConfig;

export default defineConfig(viewerConfig);

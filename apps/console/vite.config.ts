import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CATALOGUE_PARTS, type CataloguePart, cataloguePart } from './src/i18n/catalogueParts.ts';

// The console calls the server on the same origin in production; in development Vite forwards the server's
// prefixes to a locally running `spinyard serve` so the browser never needs CORS.
const SERVER_URL = 'http://localhost:8080';
const SERVER_PREFIXES = ['/v1', '/api', '/svnmedia', '/docs'];

/**
 * `src/i18n/<lang>.json?part=<part>`: one part of the catalogue (catalogueParts.ts), so each page fetches only the
 * texts of its area. The JSON text returned here goes on through Vite's JSON plugin like any catalogue.
 */
function catalogueParts(): Plugin {
  const PART = new RegExp(`[\\\\/]i18n[\\\\/](?:ja|en|fr|pt)\\.json\\?part=(${CATALOGUE_PARTS.join('|')})$`);
  return {
    name: 'spinyard-catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return JSON.stringify(cataloguePart(catalogue, match[1] as CataloguePart));
    },
  };
}

/**
 * `import { IconX } from '@tabler/icons-react'` rewritten, for the build, to the icon's own module: through the
 * package's index Rollup loaded and parsed all of its 6,288 icons (three quarters of the console's modules) to keep
 * the few dozen the console uses. The statement keeps its line count, so the source maps stay right. A name the
 * index does not map to an icon file leaves its statement as it is.
 */
function tablerIconFiles(): Plugin {
  const require = createRequire(import.meta.url);
  const index = require
    .resolve('@tabler/icons-react')
    .replace(/cjs[\\/]tabler-icons-react\.cjs$/, 'esm/tabler-icons-react.mjs');
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(
    /export \{ ([^}]+) \} from '\.\/icons\/(\w+)\.mjs';/g,
  )) {
    for (const [, name] of (names ?? '').matchAll(/default as (\w+)/g)) {
      files.set(name as string, path.join(path.dirname(index), 'icons', `${file}.mjs`));
    }
  }
  const STATEMENT = /import \{([^}]*)\} from '@tabler\/icons-react';/g;
  return {
    name: 'spinyard-tabler-icon-files',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || !code.includes('@tabler/icons-react')) return null;
      const rewritten = code.replace(STATEMENT, (statement, list: string) => {
        const names = list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        const types = names.filter((n) => n.startsWith('type ')).map((n) => n.slice('type '.length));
        const icons = names.filter((n) => !n.startsWith('type '));
        if (icons.some((n) => !files.has(n))) return statement;
        const lines = [
          ...(types.length > 0 ? [`import type { ${types.join(', ')} } from '@tabler/icons-react';`] : []),
          ...icons.map((n) => `import ${n} from ${JSON.stringify(files.get(n))};`),
        ];
        return lines.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

// react-router's package exports name only its development build (warnings and checks kept); the build takes
// the production one it ships beside it, the same code without them.
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [catalogueParts(), tablerIconFiles(), react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No vendor chunk of every library: one that holds all of Mantine would load whole on the login page. Rollup
    // splits the libraries along the lazy routes instead, so each page fetches what it uses. The one exception is
    // TanStack Query: every page after sign-in uses it, and split along the routes it came as nine scripts of
    // 1-3 KB, each gzipped on its own; as one it is smaller, and the sign-in page loads none of it.
    rollupOptions: {
      output: {
        manualChunks: (id) => (/[\\/]node_modules[\\/]@tanstack[\\/]query-core[\\/]/.test(id) ? 'query' : undefined),
      },
    },
  },
  server: {
    // ws: the live-progress socket (/api/browser/v0/ws) upgrades through the same proxy.
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: SERVER_URL, changeOrigin: true, ws: true }]),
    ),
  },
}));

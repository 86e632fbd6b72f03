import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { repoRoot, SERVER_SOURCE_ENTRY } from './server.ts';

/**
 * The server as one ES module, made once per run, so each test server starts without tsx resolving and transforming
 * several hundred TypeScript files (about 3 s of CPU a start, a minute at the load of a shared CI machine).
 *
 * Packages stay outside the bundle and load from node_modules as they do under tsx; the workspace's own packages
 * (TypeScript sources) go in. The file sits under the repository's node_modules so Node finds those packages from it.
 * Each module keeps its own `import.meta.url` and `import.meta.dirname` (the assets folder, the speech worker's
 * entry and the repository root are found from them), so the bundle behaves as the sources do.
 */

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@spinyard/') ? undefined : { path: args.path, external: true },
    );
  },
};

const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/** Bundles the server; answers the bundle's path. */
export async function bundleServer(): Promise<string> {
  const outDir = path.join(repoRoot, 'node_modules', '.spinyard-e2e');
  await mkdir(outDir, { recursive: true });
  const outfile = path.join(outDir, `server-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(repoRoot, SERVER_SOURCE_ENTRY)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalPackages, ownImportMeta],
  });
  return outfile;
}

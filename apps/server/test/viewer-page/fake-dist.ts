import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A stand-in for the built viewer: the marks, a script and a stylesheet, as `vite build` writes them. */
export async function fakeViewerDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-viewer-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'index-abc.css'), '.stage{position:relative}');
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="ja"><head><meta charset="UTF-8"><!--spinyard:head-->' +
      '<script type="module" crossorigin src="/viewer/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/viewer/assets/index-abc.css"></head><body><!--spinyard:body--></body></html>',
  );
  return dir;
}

/** The page data the viewer page carries (`#spinyard-page`). */
export const pageDataOf = (html: string) => {
  const m = /<script type="application\/json" id="spinyard-page">([^<]*)<\/script>/.exec(html);
  return JSON.parse(m?.[1] ?? 'null');
};

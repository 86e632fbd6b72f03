import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_SRC, type SourceFile, sourceFiles, withoutLineComments } from './source.ts';

/** Packages that decode or encode images and video: only the media adapter may load them. */
const MEDIA_PACKAGE =
  /^(sharp|fluent-ffmpeg|ffmpeg-static|ffprobe-static|@ffmpeg-installer\/.+|@ffprobe-installer\/.+|@ffmpeg\/.+)$/;

/** The code that ships: the server, the console and the shared rules (tests may make fixture pictures). */
const SHIPPED = [
  { root: SERVER_SRC, label: 'apps/server/src' },
  { root: fileURLToPath(new URL('../../../console/src/', import.meta.url)), label: 'apps/console/src' },
  { root: fileURLToPath(new URL('../../../../packages/domain/src/', import.meta.url)), label: 'packages/domain/src' },
];

/** Media packages a source loads (import, export from, require, dynamic import) and media programs it runs. */
export function mediaUses(source: string): string[] {
  const text = withoutLineComments(source);
  const uses: string[] = [];
  const specifiers = /\b(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(specifiers)) if (MEDIA_PACKAGE.test(m[1]!)) uses.push(m[1]!);
  const programs =
    /\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync|execa)\s*\(\s*['"`]([^'"`\s]*?)(ffmpeg|ffprobe)\b/g;
  for (const m of text.matchAll(programs)) uses.push(`run ${m[2]}`);
  return uses;
}

/**
 * Where an import of a server file lands inside `platform/`, when it does: `platform/media/media.ts` for
 * `../../platform/media/media.ts` from `modules/x/y.ts`.
 */
export function platformImports(filePath: string, source: string): string[] {
  const found: string[] = [];
  const text = withoutLineComments(source);
  for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = path.posix.join(path.posix.dirname(filePath), m[1]!);
    if (target.startsWith('platform/')) found.push(target);
  }
  return found;
}

/**
 * Outside the platform, the media adapter is reached through its interface alone (`Media`, platform/media/media.ts,
 * which also names the shapes and errors of its parts); only a file at the root of apps/server/src (the composition
 * root: app.ts, main.ts) builds it (platform/media/index.ts). Blobs go through the BlobStore interface: no area
 * picks a backend (disk-blob-store.ts, s3-blob-store.ts).
 */
export function forbiddenPlatformImport(filePath: string, target: string): boolean {
  if (filePath.startsWith('platform/')) return false;
  if (target.startsWith('platform/media/')) {
    if (target === 'platform/media/media.ts') return false;
    return !(target === 'platform/media/index.ts' && !filePath.includes('/'));
  }
  return /^platform\/storage\/(disk|s3)-blob-store\.ts$/.test(target);
}

const isMediaAdapter = (label: string, f: SourceFile) =>
  label === 'apps/server/src' && f.path.startsWith('platform/media/');

describe('one media adapter', () => {
  it('recognises every way of reaching sharp or ffmpeg (the scanner itself)', () => {
    expect(mediaUses("import sharp from 'sharp';")).toEqual(['sharp']);
    expect(mediaUses("const { default: s } = await import('sharp');")).toEqual(['sharp']);
    expect(mediaUses("export { default } from 'sharp';")).toEqual(['sharp']);
    expect(mediaUses("const f = require('fluent-ffmpeg');")).toEqual(['fluent-ffmpeg']);
    expect(mediaUses("import ffmpegPath from 'ffmpeg-static';")).toEqual(['ffmpeg-static']);
    expect(mediaUses("spawn('ffmpeg', ['-i', input]);")).toEqual(['run ffmpeg']);
    expect(mediaUses("execFile('/usr/bin/ffprobe', args);")).toEqual(['run ffprobe']);
    expect(mediaUses("import { fileTypeFromBuffer } from 'file-type';\n// sharp('x') in prose")).toEqual([]);
    expect(mediaUses("import sharpen from './sharpen.ts';")).toEqual([]);
  });

  it('lets nothing outside apps/server/src/platform/media load sharp or run ffmpeg', () => {
    const outside = SHIPPED.flatMap(({ root, label }) =>
      sourceFiles(root)
        .filter((f) => !isMediaAdapter(label, f))
        .flatMap((f) => mediaUses(f.text).map((use) => `${label}/${f.path}: ${use}`)),
    );
    expect(outside).toEqual([]);
  });

  it('finds sharp in the adapter (the scan reads the real files)', () => {
    const adapter = sourceFiles().filter((f) => isMediaAdapter('apps/server/src', f));
    expect(adapter.flatMap((f) => mediaUses(f.text))).toContain('sharp');
  });

  it('recognises reaching into the adapter past its interface (the scanner itself)', () => {
    const source = [
      "import type { Media } from '../../platform/media/media.ts';",
      "import { transcodeToMp4 } from '../../platform/media/movie-files.ts';",
      "import { createMedia } from '../../platform/media/index.ts';",
      "import { type BlobStore } from '../../platform/storage/blob-store.ts';",
      "import { createDiskBlobStore } from '../../platform/storage/disk-blob-store.ts';",
      "// import { x } from '../../platform/media/blur.ts';",
    ].join('\n');
    const targets = platformImports('modules/hotspots/video-job.ts', source);
    expect(targets).toEqual([
      'platform/media/media.ts',
      'platform/media/movie-files.ts',
      'platform/media/index.ts',
      'platform/storage/blob-store.ts',
      'platform/storage/disk-blob-store.ts',
    ]);
    expect(targets.filter((t) => forbiddenPlatformImport('modules/hotspots/video-job.ts', t))).toEqual([
      'platform/media/movie-files.ts',
      'platform/media/index.ts',
      'platform/storage/disk-blob-store.ts',
    ]);
    expect(forbiddenPlatformImport('app.ts', 'platform/media/index.ts')).toBe(false);
    expect(forbiddenPlatformImport('platform/speech/index.ts', 'platform/media/speech-audio.ts')).toBe(false);
  });

  it('lets the server reach media only through the Media interface, and blobs only through the store', () => {
    const files = sourceFiles();
    const reaching = files.flatMap((f) =>
      platformImports(f.path, f.text)
        .filter((target) => forbiddenPlatformImport(f.path, target))
        .map((target) => `apps/server/src/${f.path} -> ${target}`),
    );
    expect(reaching).toEqual([]);
    // The scan reads real imports: the areas do reach the interface.
    expect(
      files.filter((f) => platformImports(f.path, f.text).includes('platform/media/media.ts')).length,
    ).toBeGreaterThan(10);
  });
});

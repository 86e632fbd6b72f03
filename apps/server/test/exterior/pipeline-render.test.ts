import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAndStoreRows } from '../../src/modules/exterior/pipeline-render.ts';
import type { Media, RenderedSpinFrame } from '../../src/platform/media/media.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';

/**
 * The spin's renders and their storing (pipeline-render.ts) with a stand-in for ffmpeg's renders (small files, no
 * decoding): a row is rendered in runs, each run's frames stored while the next one renders, the frames kept in
 * their order, the progress only growing, and a frame that cannot be stored stopping the renders.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spinyard-pipeline-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Records what happened in which order (renders started and ended, frames stored); a render after the first ends
 * only once a frame has been stored (`stored(1)` has been told): without the overlap, it would never end.
 */
function standIn() {
  const events: string[] = [];
  let firstStored: () => void = () => undefined;
  const storedOne = new Promise<void>((resolve) => {
    firstStored = resolve;
  });
  let runs = 0;
  const media = {
    async renderSpinFrames(frames: readonly string[], _size: unknown, _spec: unknown, options: { outDir: string }) {
      events.push(`rendering ${frames.map((f) => path.basename(f)).join(',')}`);
      runs += 1;
      if (runs > 1) await storedOne;
      const out: RenderedSpinFrame[] = [];
      for (const master of frames) {
        const file = (kind: string) => path.join(options.outDir, `${path.basename(master)}-${kind}`);
        for (const kind of ['jpg', 'webp']) await writeFile(file(kind), `${path.basename(master)} ${kind}`);
        const rendition = { width: 240, height: 135, jpeg: file('jpg'), webp: file('webp') };
        out.push({ width: 1920, height: 1080, master, renditions: { thumbnail: rendition } });
      }
      // What the frame's storing set off in promise callbacks has run before the render answers.
      await new Promise((resolve) => setImmediate(resolve));
      events.push('render done');
      return out;
    },
  } as unknown as Media;
  return { events, media, stored: (n: number) => n === 1 && firstStored() };
}

async function masters(row: string, count: number): Promise<string[]> {
  const files = Array.from({ length: count }, (_, i) => path.join(dir, `${row}-frame-${String(i).padStart(2, '0')}`));
  for (const file of files) await writeFile(file, path.basename(file));
  return files;
}

describe('renderAndStoreRows', () => {
  it('stores a run while the next renders, keeps the order, and the progress only grows to its end', async () => {
    const { events, media, stored: told } = standIn();
    const reported: number[] = [];
    const images = await renderAndStoreRows({
      store: createDiskBlobStore(path.join(dir, 'store-a')),
      media,
      contentId: '12',
      exteriorSize: 'full_hd',
      maxFramePixels: 40_000_000,
      rows: [{ files: await masters('a', 12), size: { width: 1920, height: 1080 } }],
      dir: await mkdtemp(path.join(dir, 'work-')),
      progress: { from: 45, mid: 85, to: 95, report: async (p) => void reported.push(p) },
      afterFrameStored: (n) => {
        events.push(`stored ${n}`);
        told(n);
      },
    });
    expect(events.filter((e) => e.startsWith('rendering ')).length).toBe(3);
    // The first run's frames are being stored before the last run has rendered.
    expect(events.indexOf('stored 1')).toBeLessThan(events.lastIndexOf('render done'));
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveLength(12);
    const stored = createDiskBlobStore(path.join(dir, 'store-a'));
    for (const [i, image] of images[0]!.entries()) {
      const master = await stored.get(image.master);
      const chunks: Buffer[] = [];
      for await (const chunk of master!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(`a-frame-${String(i).padStart(2, '0')}`);
    }
    expect(reported.every((p, i) => i === 0 || p >= reported[i - 1]!)).toBe(true);
    expect(reported.at(-1)).toBe(95);
  });

  it('renders no further run once a frame could not be stored, and fails with that error', async () => {
    const { events, media, stored: told } = standIn();
    const run = renderAndStoreRows({
      store: createDiskBlobStore(path.join(dir, 'store-b')),
      media,
      contentId: '13',
      exteriorSize: 'full_hd',
      maxFramePixels: 40_000_000,
      rows: [{ files: await masters('b', 30), size: { width: 1920, height: 1080 } }],
      dir: await mkdtemp(path.join(dir, 'work-')),
      progress: { from: 45, mid: 85, to: 95, report: async () => undefined },
      afterFrameStored: (n) => {
        told(n);
        if (n === 1) throw new Error('the worker died');
      },
    });
    await expect(run).rejects.toThrow('the worker died');
    // The second run was under way when the first frame failed; the third is never started.
    expect(events.filter((e) => e.startsWith('rendering ')).length).toBe(2);
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSpinFrames } from '../../src/platform/media/frame-extract.ts';
import { ijgTables } from '../../src/platform/media/jpeg-tables.ts';
import { renderSpinFrames, SpinRenderError } from '../../src/platform/media/spin-renditions.ts';
import { clip, pattern } from '../helpers/clips.ts';
import { solid } from '../helpers/pictures.ts';

/**
 * The spin's renders by ffmpeg (platform/media/spin-renditions.ts) and the colours of its candidate frames
 * (frame-extract.ts), on real files: every size in JPEG and WebP, in the frames' order across the two processes,
 * libjpeg's quantisation at the asked quality, and a BT.709 video's red kept red in the JPEG a browser shows.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spinyard-spin-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SPEC = {
  renditions: { thumbnail: { width: 240 }, display: { width: 1024 }, zoom: { width: 1920 } },
  quality: { jpeg: 82, webp: 80 },
  webpEffort: 1,
};

/** Frame i is a solid grey of level 20 + 40 i, so its place in the output tells which input it came from. */
async function greyFrames(count: number, width: number, height: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const level = 20 + 40 * i;
    const file = path.join(dir, `grey-${i}.jpg`);
    await writeFile(
      file,
      await solid(width, height, 'jpeg', { background: { r: level, g: level, b: level }, quality: 95 }),
    );
    files.push(file);
  }
  return files;
}

const meanOf = async (file: string) => (await sharp(file).stats()).channels.map((c) => c.mean);

/** The quantisation tables (DQT) of a JPEG file, in the order written. */
function quantTables(jpeg: Buffer): number[][] {
  const tables: number[][] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xdb) {
      let k = at + 4;
      while (k < at + 2 + length) {
        const wide = jpeg[k]! >> 4 !== 0;
        const values = Array.from({ length: 64 }, (_, j) =>
          wide ? jpeg.readUInt16BE(k + 1 + 2 * j) : jpeg[k + 1 + j]!,
        );
        tables.push(values);
        k += 1 + 64 * (wide ? 2 : 1);
      }
    }
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return tables;
}

describe('ijgTables', () => {
  it('is libjpeg’s scaling: quality 50 is the standard table, 100 all ones, 82 about a third', () => {
    expect(ijgTables(50).luminance.slice(0, 8)).toEqual([16, 11, 10, 16, 24, 40, 51, 61]);
    expect(ijgTables(50).chrominance.slice(0, 4)).toEqual([17, 18, 24, 47]);
    expect(new Set(ijgTables(100).luminance)).toEqual(new Set([1]));
    expect(ijgTables(82).luminance.slice(0, 8)).toEqual([6, 4, 4, 6, 9, 14, 18, 22]);
    expect(Math.max(...ijgTables(1).luminance)).toBe(255);
  });
});

describe('renderSpinFrames', () => {
  it('writes every size as JPEG and WebP, in the frames’ order across both processes', async () => {
    const frames = await greyFrames(5, 1280, 720);
    const outDir = path.join(dir, 'out-order');
    await mkdir(outDir);
    const progress: number[] = [];
    const rendered = await renderSpinFrames(frames, { width: 1280, height: 720 }, SPEC, {
      outDir,
      processes: 2,
      timeoutMs: 60_000,
      onProgress: (n) => progress.push(n),
    });
    expect(rendered).toHaveLength(5);
    for (const [i, frame] of rendered.entries()) {
      expect(frame).toMatchObject({ width: 1280, height: 720, master: frames[i] });
      // A rendition is never wider than the frame; the height keeps its aspect.
      expect(frame.renditions.zoom).toMatchObject({ width: 1280, height: 720 });
      expect(frame.renditions.display).toMatchObject({ width: 1024, height: 576 });
      expect(frame.renditions.thumbnail).toMatchObject({ width: 240, height: 135 });
      for (const r of Object.values(frame.renditions)) {
        const jpeg = await sharp(r.jpeg).metadata();
        const webp = await sharp(r.webp).metadata();
        expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', r.width, r.height]);
        expect([webp.format, webp.width, webp.height]).toEqual(['webp', r.width, r.height]);
        const level = 20 + 40 * i;
        for (const mean of [...(await meanOf(r.jpeg)), ...(await meanOf(r.webp))]) {
          expect(Math.abs(mean - level)).toBeLessThan(4);
        }
      }
    }
    expect(progress.at(-1) ?? 5).toBeLessThanOrEqual(5);
  });

  it('makes a size asked as JPEG only without a WebP, naming the JPEG for both', async () => {
    const frames = await greyFrames(3, 640, 360);
    const outDir = path.join(dir, 'out-jpeg-only');
    await mkdir(outDir);
    const spec = { ...SPEC, renditions: { ...SPEC.renditions, zoom: { width: 1920, webp: false } } };
    const rendered = await renderSpinFrames(frames, { width: 640, height: 360 }, spec, {
      outDir,
      processes: 2,
      timeoutMs: 60_000,
    });
    for (const [i, frame] of rendered.entries()) {
      const zoom = frame.renditions.zoom!;
      expect(zoom.webp).toBe(zoom.jpeg);
      const jpeg = await sharp(zoom.jpeg).metadata();
      expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 640, 360]);
      expect(Math.abs((await meanOf(zoom.jpeg))[0]! - (20 + 40 * i))).toBeLessThan(4);
      expect((await sharp(frame.renditions.display!.webp).metadata()).format).toBe('webp');
    }
    // No WebP of the zoom was written at all: only the other sizes' WebPs are in the folder.
    const webps = (await readdir(outDir)).filter((name) => name.endsWith('.webp'));
    expect(webps.filter((name) => name.includes('-zoom-'))).toEqual([]);
    expect(webps).toHaveLength(3 * 2);
  });

  it('encodes JPEGs with libjpeg’s luminance and chrominance tables at the asked quality', async () => {
    const [frame] = await greyFrames(1, 640, 360);
    const outDir = path.join(dir, 'out-tables');
    await mkdir(outDir);
    const [rendered] = await renderSpinFrames([frame!], { width: 640, height: 360 }, SPEC, {
      outDir,
      processes: 2,
      timeoutMs: 60_000,
    });
    const tables = quantTables(await readFile(rendered!.renditions.zoom!.jpeg));
    expect(tables).toHaveLength(2);
    // Written in zigzag order; past the DC term (ffmpeg keeps its own DC step) they are libjpeg's at quality 82.
    const { luminance, chrominance } = ijgTables(82);
    expect(tables[0]!.slice(1, 3)).toEqual([luminance[1], luminance[8]]);
    expect(tables[1]!.slice(1, 3)).toEqual([chrominance[1], chrominance[8]]);
  });

  it('fails with a SpinRenderError on a file that is no picture', async () => {
    const bad = path.join(dir, 'bad.jpg');
    await writeFile(bad, 'these bytes are no JPEG');
    const outDir = path.join(dir, 'out-bad');
    await mkdir(outDir);
    await expect(
      renderSpinFrames([bad], { width: 8, height: 8 }, SPEC, { outDir, processes: 1, timeoutMs: 30_000 }),
    ).rejects.toBeInstanceOf(SpinRenderError);
  });
});

describe('candidate colours', () => {
  it('a BT.709 video’s red stays the same red in the candidate JPEG (a plain copy of the samples shifts it)', async () => {
    // RGB (200, 30, 30) coded with the BT.709 matrix at studio range, tagged so, as a phone writes HD video.
    const video = await clip('red709', {
      ext: 'mp4',
      format: 'mp4',
      args: [
        ...pattern('320x180', 1, { filter: 'color=c=0xC81E1E' }),
        ...['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-colorspace', 'bt709'],
        ...['-c:v', 'libx264', '-crf', '1'],
      ],
    });
    const outDir = path.join(dir, 'out-colour');
    await mkdir(outDir);
    const { candidates } = await extractSpinFrames(video, {
      durationSeconds: 1,
      candidates: 1,
      width: 320,
      height: 180,
      outDir,
      colorMatrix: 'bt709',
      timeoutMs: 30_000,
      maxSeconds: 60,
      maxPixels: 320 * 180,
      maxSignatures: 100,
    });
    expect((await stat(candidates[0]!.file)).size).toBeGreaterThan(0);
    const [r, g, b] = await meanOf(candidates[0]!.file);
    expect(Math.abs(r! - 200)).toBeLessThan(6);
    expect(Math.abs(g! - 30)).toBeLessThan(6);
    expect(Math.abs(b! - 30)).toBeLessThan(6);
  });
});

describe('raw candidates', () => {
  it('make byte for byte the masters and renditions the JPEG candidates make, in the spin’s order, mixed too', async () => {
    const video = await clip('raw-candidates', { ext: 'mp4', format: 'mp4', args: [...pattern('320x180', 2)] });
    const pass = async (name: string, rawCandidateBytes?: number) => {
      const outDir = path.join(dir, `pass-${name}`);
      await mkdir(outDir);
      const extracted = await extractSpinFrames(video, {
        durationSeconds: 2,
        candidates: 6,
        width: 320,
        height: 180,
        outDir,
        timeoutMs: 30_000,
        maxSeconds: 60,
        maxPixels: 320 * 180,
        maxSignatures: 100,
        ...(rawCandidateBytes === undefined ? {} : { rawCandidateBytes }),
      });
      // Out of time order, across both processes, as a spin's order may be.
      const chosen = [4, 0, 2, 5, 1].map((i) => extracted.candidates[i]!.file);
      return { chosen, rendered: await render(name, chosen) };
    };
    const render = async (name: string, chosen: string[]) => {
      const renderDir = path.join(dir, `render-${name}`);
      await mkdir(renderDir);
      return renderSpinFrames(chosen, { width: 320, height: 180 }, SPEC, {
        outDir: renderDir,
        processes: 2,
        timeoutMs: 60_000,
      });
    };
    const jpeg = await pass('jpeg');
    // A budget one byte short of the six candidates' pixels keeps JPEG; at it, they are raw.
    const short = await pass('short', 6 * 320 * 180 * 1.5 - 1);
    expect(short.chosen.every((f) => f.endsWith('.jpg'))).toBe(true);
    const raw = await pass('raw', 6 * 320 * 180 * 1.5);
    expect(raw.chosen.every((f) => f.endsWith('.yuv'))).toBe(true);
    expect(raw.rendered.map((f) => f.master.endsWith('.jpg'))).toEqual([true, true, true, true, true]);
    // A merged row's videos may be decided apart: raw and JPEG candidates in one row.
    const mixed = await render(
      'mixed',
      raw.chosen.map((f, i) => (i % 2 === 0 ? f : jpeg.chosen[i]!)),
    );
    for (const made of [raw.rendered, mixed]) {
      for (const [i, frame] of made.entries()) {
        const before = jpeg.rendered[i]!;
        expect(await readFile(frame.master)).toEqual(await readFile(before.master));
        for (const [name, r] of Object.entries(frame.renditions)) {
          expect(await readFile(r.jpeg)).toEqual(await readFile(before.renditions[name]!.jpeg));
          expect(await readFile(r.webp)).toEqual(await readFile(before.renditions[name]!.webp));
        }
      }
    }
  });
});

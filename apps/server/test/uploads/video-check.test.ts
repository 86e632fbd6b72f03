import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoContainerOf } from '../../src/modules/uploads/video-check.ts';

/**
 * The check a finished upload passes by its first bytes: each container of the spec's exterior formats is known
 * whatever the file is called, and anything else (another video container, a picture, text) is not.
 */

const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
let dir: string;

/** A one-second 160x90 clip in this muxer and codec, under a name that says nothing about it. */
async function clip(name: string, format: string, codec: string[]): Promise<string> {
  const file = path.join(dir, name);
  await promisify(execFile)(ffmpegPath, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=1'],
    ...codec,
    ...['-f', format, file],
  ]);
  return file;
}

const X264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spinyard-video-check-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('videoContainerOf', () => {
  it.each([
    ['mp4', 'mp4', X264],
    ['mov', 'mov', X264],
    ['m4v', 'ipod', X264],
    ['avi', 'avi', ['-c:v', 'mpeg4']],
    ['wmv', 'asf', ['-c:v', 'wmv2']],
    ['mpeg', 'mpeg', ['-c:v', 'mpeg1video', '-r', '25']],
  ])('knows %s by its content', async (expected, format, codec) => {
    expect(await videoContainerOf(await clip(`upload-${expected}.bin`, format, codec))).toBe(expected);
  });

  it('refuses a video container the exterior does not take, and what is no video', async () => {
    expect(await videoContainerOf(await clip('walk.mp4', 'matroska', X264))).toBeUndefined();
    const text = path.join(dir, 'notes.mp4');
    await writeFile(text, 'a text file named like a video\n');
    expect(await videoContainerOf(text)).toBeUndefined();
    const png = path.join(dir, 'picture.mov');
    await promisify(execFile)(ffmpegPath, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=16x16',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      png,
    ]);
    expect(await videoContainerOf(png)).toBeUndefined();
  });
});

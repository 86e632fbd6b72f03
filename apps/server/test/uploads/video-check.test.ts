import { describe, expect, it } from 'vitest';
import { videoContainerOf } from '../../src/modules/uploads/video-check.ts';
import { clip, pattern, writtenFile, X264 } from '../helpers/clips.ts';

/**
 * The check a finished upload passes by its first bytes: each container of the spec's exterior formats is known
 * whatever the file is called, and anything else (another video container, a picture, text) is not.
 */

/** A one-second 160x90 clip in this muxer and codec, under a name that says nothing about it. */
const sample = (name: string, format: string, codec: string[]) => {
  const [base, ext] = name.split('.') as [string, string];
  return clip(base, { ext, format, args: [...pattern('160x90', 1, { filter: 'testsrc' }), ...codec] });
};

describe('videoContainerOf', () => {
  it.each([
    ['mp4', 'mp4', X264],
    ['mov', 'mov', X264],
    ['m4v', 'ipod', X264],
    ['avi', 'avi', ['-c:v', 'mpeg4']],
    ['wmv', 'asf', ['-c:v', 'wmv2']],
    ['mpeg', 'mpeg', ['-c:v', 'mpeg1video', '-r', '25']],
  ])('knows %s by its content', async (expected, format, codec) => {
    expect(await videoContainerOf(await sample(`upload-${expected}.bin`, format, codec))).toBe(expected);
  });

  it('refuses a video container the exterior does not take, and what is no video', async () => {
    expect(await videoContainerOf(await sample('walk.mp4', 'matroska', X264))).toBeUndefined();
    const text = await writtenFile('notes', 'mp4', 'text', async () => Buffer.from('a text file named like a video\n'));
    expect(await videoContainerOf(text)).toBeUndefined();
    const png = await clip('picture', {
      ext: 'mov',
      format: 'image2',
      args: [...pattern('16x16', 1, { filter: 'testsrc' }), '-frames:v', '1', '-c:v', 'png'],
    });
    expect(await videoContainerOf(png)).toBeUndefined();
  });
});

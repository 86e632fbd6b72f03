import { describe, expect, it } from 'vitest';
import { playedFile } from './movieText.ts';

const file = (height: number) => ({ url: `/m-${height}.mp4`, width: (height * 16) / 9, height, bytes: 1 });

describe('the file the player takes', () => {
  it('plays the 720p file on a phone and the 1080p one on a larger screen, whichever exists when one does', () => {
    const both = [file(720), file(1080)];
    expect(playedFile(both, true)?.height).toBe(720);
    expect(playedFile(both, false)?.height).toBe(1080);
    expect(playedFile([file(1080)], true)?.height).toBe(1080);
    expect(playedFile([], false)).toBeNull();
  });
});

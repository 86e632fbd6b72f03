import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { movieArgs } from '../../src/platform/media/movie-render.ts';

/**
 * The render's caption filters, without running ffmpeg: a caption line is drawn on drawtext's own box, whose alpha
 * follows the text's (a timed caption's backing fades in with it, where a drawbox would pop in); the opening's
 * lines are on their band and get no box. Rendered frames were looked at by hand (docs/decisions.md).
 */

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('caption filters', () => {
  it('box each caption line with the alpha of its text, and leave the opening on its band', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'caption-filters-'));
    dirs.push(workDir);
    const { args } = await movieArgs({
      scenes: [
        {
          shot: { kind: 'blank', seconds: 2 },
          captions: [{ placement: 'center', lines: [{ text: 'タイトル', role: 'title' }] }],
        },
        {
          shot: { kind: 'blank', seconds: 2 },
          captions: [{ placement: 'lower', lines: [{ text: 'メーター', role: 'caption' }], from: 0.5, to: 1.5 }],
        },
      ],
      music: null,
      outputs: [{ file: path.join(workDir, 'out.mp4'), width: 1280, height: 720 }],
      workDir,
      crossfadeSeconds: 0.5,
    });
    const texts = (args[args.indexOf('-filter_complex') + 1] ?? '').match(/drawtext=(?:'[^']*'|[^,;[])*/g) ?? [];
    expect(texts).toHaveLength(2);
    const [title, caption] = texts;
    expect(title).not.toContain('box=1');
    expect(caption).toMatch(/:box=1:boxcolor=0x000000@0\.6:boxborderw=\d+/);
    expect(caption).toMatch(/fontsize=46\b/);
    expect(caption).toContain(":alpha='min(1,(t-0.500)/0.3)'");
  });
});

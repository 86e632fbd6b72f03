import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { LIBRARY_CATALOGUE } from '../apps/server/src/modules/audio-library/catalogue.ts';
import { composeTrack, fadeSecondsOf } from '../apps/server/src/modules/audio-library/composer.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import { normaliseLoudness } from '../apps/server/src/platform/music/loudness.ts';
import { renderScore } from '../apps/server/src/platform/music/synth.ts';
import { stereoWav } from '../apps/server/src/platform/music/wav.ts';
import { watchMemory } from './process-memory.ts';

/**
 * The product's audio library made as the `audio-library.generate-track` jobs make it (generate.ts), without the
 * database and the blob store (their share is milliseconds): for each catalogue track, the composition, the
 * synthesizer's rendering, the loudness step and the WAV, ffmpeg's AAC encoding. Prints each track's seconds of
 * music, the time of each step, the realtime factor and this process's peak resident size, then the totals.
 *
 *   node --import tsx bench/audio-library.ts            # the whole library (24 tracks)
 *   node --import tsx bench/audio-library.ts 3          # the first three tracks
 */

const count = Number(process.argv[2] ?? LIBRARY_CATALOGUE.length);
const media = createMedia();
const memory = watchMemory(process.pid);
const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-audio-bench-'));
const rows: string[] = [];
let music = 0;
let renderMs = 0;
let encodeMs = 0;
let peakMb = 0;
const started = performance.now();
try {
  for (const spec of LIBRARY_CATALOGUE.slice(0, count)) {
    memory.reset();
    const t0 = performance.now();
    const score = composeTrack(spec);
    const t1 = performance.now();
    const audio = await renderScore(score);
    const t2 = performance.now();
    normaliseLoudness(audio);
    const wav = path.join(dir, `${spec.key}.wav`);
    await writeFile(wav, stereoWav(audio, fadeSecondsOf(spec)));
    const t3 = performance.now();
    const made = await media.encodeMusicM4a(wav, path.join(dir, `${spec.key}.m4a`));
    if (!made.ok) throw new Error(made.detail);
    const t4 = performance.now();
    await rm(wav);
    const peak = memory.peak().peakMb;
    peakMb = Math.max(peakMb, peak);
    music += score.durationSeconds;
    renderMs += t2 - t1;
    encodeMs += t4 - t3;
    rows.push(
      [
        spec.key.padEnd(24),
        score.durationSeconds.toFixed(1).padStart(6),
        (t1 - t0).toFixed(0).padStart(6),
        (t2 - t1).toFixed(0).padStart(7),
        (t3 - t2).toFixed(0).padStart(6),
        (t4 - t3).toFixed(0).padStart(6),
        (score.durationSeconds / ((t4 - t0) / 1000)).toFixed(1).padStart(6),
        peak.toFixed(0).padStart(6),
      ].join(' '),
    );
    console.log(rows.at(-1));
  }
} finally {
  memory.stop();
  await rm(dir, { recursive: true, force: true });
}
const wall = (performance.now() - started) / 1000;
console.log(`\n${'track'.padEnd(24)}  music compose  render  loud+wav encode  x-real peakMB`);
for (const row of rows) console.log(row);
console.log(
  `\n${count} tracks, ${music.toFixed(0)} s of music in ${wall.toFixed(1)} s (${(music / wall).toFixed(1)}x realtime): ` +
    `rendering ${(renderMs / 1000).toFixed(1)} s, encoding ${(encodeMs / 1000).toFixed(1)} s; ` +
    `peak RSS ${peakMb.toFixed(0)} MB; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);

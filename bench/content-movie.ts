import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MOVIE_FORMAT } from '../apps/server/src/modules/movies/format.ts';
import { scenePath } from '../apps/server/src/modules/movies/plan.ts';
import { ffmpegPath, runBounded } from '../apps/server/src/platform/media/ffmpeg.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import type { MovieScene } from '../apps/server/src/platform/media/media.ts';
import { MOVIE_FPS, movieSeconds } from '../apps/server/src/platform/media/movie-render.ts';
import { watchMemory } from './process-memory.ts';

/**
 * Issue 20's render bench: a 30 s 1080p promo (and its 720p copy) from 36 spin frames, 5 category images and one
 * 8192x4096 panorama, made as the slider_movie process makes it when neither the spin's nor the interior's movie can
 * be reused (the most work): the interior pan's frames with sharp, then one ffmpeg run (Ken Burns stills, the blended
 * turn, cross-fades, captions, music looped and normalised in two passes, both sizes encoded). Beside it, ffmpeg's own
 * encode of 30 s of 1080p from the same images shown one after the other (no effect, one size, the same x264
 * settings): what the effects and the second size cost above a plain encode.
 *
 * Printed: wall time, CPU seconds (this process and its waited children, from /proc/self/stat), this process's peak
 * resident memory and ffmpeg's (VmHWM, sampled). Run: `npx tsx bench/content-movie.ts`.
 */

const TICKS = 100;

function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14 to 17 (the 12th to 15th after the command name).
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / TICKS;
}

/** The largest high-water mark of any ffmpeg this process runs, sampled. */
function watchFfmpeg() {
  let peakMb = 0;
  const timer = setInterval(() => {
    try {
      for (const task of readdirSync(`/proc/${process.pid}/task`)) {
        const children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
        for (const pid of children) {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          if (!/Name:\s+ffmpeg/.test(status)) continue;
          const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
          peakMb = Math.max(peakMb, Math.round(kb / 1024));
        }
      }
    } catch {
      // A child that ended between the listing and the read.
    }
  }, 20);
  return { peak: () => peakMb, stop: () => clearInterval(timer) };
}

async function picture(file: string, width: number, height: number, hue: number, label: string) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,65%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="white" fill-opacity="0.3"/>` +
    `<text x="${width / 2}" y="${height / 2}" font-size="${height / 8}" text-anchor="middle" fill="white">${label}</text></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file);
}

/** Two sine tones mixed to AAC: the promo's music (19 s, looped by the render). */
async function makeMusic(dir: string): Promise<string> {
  const music = path.join(dir, 'music.m4a');
  await runBounded(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=f=220:d=19',
      '-f',
      'lavfi',
      '-i',
      'sine=f=330:d=19',
      '-filter_complex',
      'amix=inputs=2',
      '-c:a',
      'aac',
      '-y',
      music,
    ],
    { timeoutMs: 60_000 },
  );

  return music;
}

/** ffmpeg alone: the same pictures one after the other for the same length, 1080p only, no effect; its wall time. */
async function plainEncode(dir: string, pictures: string[], seconds: number): Promise<number> {
  const list = path.join(dir, 'plain.txt');
  const each = seconds / pictures.length;
  await writeFile(
    list,
    `${pictures.map((p) => `file '${p}'\nduration ${each.toFixed(3)}`).join('\n')}\nfile '${pictures.at(-1)}'\n`,
  );
  const plainStart = performance.now();
  const plain = await runBounded(
    ffmpegPath(),
    [
      '-v',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=48000:cl=stereo',
      '-vf',
      'scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080:(ow-iw)/2:(oh-ih)/2,fps=30,format=yuv420p',
      '-t',
      seconds.toFixed(3),
      '-c:v',
      'libx264',
      '-profile:v',
      'high',
      '-preset',
      'veryfast',
      '-crf',
      '21',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
      '-y',
      path.join(dir, 'plain.mp4'),
    ],
    { timeoutMs: 600_000 },
  );
  const plainWall = (performance.now() - plainStart) / 1000;
  if (plain.code !== 0) throw new Error(plain.stderr);
  return plainWall;
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-bench-movie-'));
  const media = createMedia();
  try {
    const frames: string[] = [];
    for (let i = 0; i < 36; i++) {
      frames.push(path.join(dir, `frame-${i}.jpg`));
      await picture(frames[i] as string, 1920, 1080, i * 10, `${i * 10}°`);
    }
    const categories: string[] = [];
    for (let i = 0; i < 5; i++) {
      categories.push(path.join(dir, `category-${i}.jpg`));
      await picture(categories[i] as string, 1920, 1080, 40 + i * 60, `Category ${i + 1}`);
    }
    const opening = path.join(dir, 'opening.jpg');
    await picture(opening, 1920, 1080, 200, 'Opening');
    const panorama = path.join(dir, 'panorama.jpg');
    await picture(panorama, 8192, 4096, 300, 'Interior');
    const music = await makeMusic(dir);

    const format = MOVIE_FORMAT;
    const memory = watchMemory(process.pid);
    const ffmpegMemory = watchFfmpeg();
    const cpuStart = cpuSeconds();
    const start = performance.now();

    const views = path.join(dir, 'views');
    await mkdir(views);
    const pan = scenePath({ scene_id: '1', start: { yaw: 0, pitch: 0 }, zoom_points: [] }, format, MOVIE_FPS);
    const count = await media.renderPanoramaViews({ panorama, views: pan.views, ...format.sizes[0], folder: views });
    const viewsDone = performance.now();
    const caption = (text: string) => [{ lines: [{ text, role: 'caption' as const }], placement: 'lower' as const }];
    const scenes: MovieScene[] = [
      {
        shot: { kind: 'still', image: opening, seconds: format.openingSeconds, motion: 'zoom_in' },
        captions: [
          {
            placement: 'center',
            lines: [
              { text: '2024年式 スパインヤード GT', role: 'title' },
              { text: '走行距離 1.2万km・修復歴なし', role: 'subtitle' },
            ],
          },
        ],
      },
      ...categories.map(
        (image, i): MovieScene => ({
          shot: {
            kind: 'still',
            image,
            seconds: format.categorySeconds,
            motion: (['zoom_in', 'pan_right', 'zoom_out', 'pan_left'] as const)[i % 4] ?? 'zoom_in',
          },
          captions: caption(`カテゴリー画像 ${i + 1}`),
        }),
      ),
      { shot: { kind: 'turn', frames, seconds: format.turnSeconds }, captions: caption('外装をぐるっと') },
      { shot: { kind: 'sequence', folder: views, count }, captions: caption('内装') },
    ];
    const work = path.join(dir, 'graph');
    await mkdir(work);
    const outputs = [
      { file: path.join(dir, 'promo-1080.mp4'), ...format.sizes[0] },
      { file: path.join(dir, 'promo-720.mp4'), ...format.sizes[1] },
    ];
    const result = await media.renderMovie({
      scenes,
      music,
      outputs,
      workDir: work,
      crossfadeSeconds: format.crossfadeSeconds,
    });
    const wall = (performance.now() - start) / 1000;
    const cpu = cpuSeconds() - cpuStart;
    memory.stop();
    ffmpegMemory.stop();
    if (!result.ok) throw new Error(result.detail);

    const seconds = movieSeconds(scenes, format.crossfadeSeconds);
    const pictures = [
      opening,
      ...categories,
      ...frames,
      (await readdir(views)).map((f) => path.join(views, f))[0] as string,
    ];
    const plainWall = await plainEncode(dir, pictures, seconds);

    const { peakMb } = memory.peak();
    console.log(
      `cores: ${cpus().length}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; movie ${seconds.toFixed(1)} s at ${MOVIE_FPS} fps, 1920x1080 + 1280x720`,
    );
    console.log(`interior pan frames (sharp): ${count} in ${((viewsDone - start) / 1000).toFixed(1)} s`);
    console.log(
      `promo: wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s, node peak RSS ${peakMb} MB (VmHWM ${memory.highWaterMb()} MB), ffmpeg peak RSS ${ffmpegMemory.peak()} MB`,
    );
    console.log(
      `ffmpeg alone, 30 s of 1080p from the same images (one size, no effects): wall ${plainWall.toFixed(1)} s`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

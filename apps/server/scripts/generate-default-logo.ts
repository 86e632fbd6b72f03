/**
 * Draws the default company logo (`assets/logos/company_logo_0006.png`, 488x110): a spin ring and the word
 * SPINYARD in a 5x7 pixel font. Node only, so regenerating it needs no image library.
 * Run: `npx tsx apps/server/scripts/generate-default-logo.ts`
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 488;
const HEIGHT = 110;
const INK = [0x1f, 0x2a, 0x44] as const;
const ACCENT = [0xe8, 0x59, 0x0c] as const;

const GLYPHS: Record<string, string[]> = {
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
};

const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);

function blend(x: number, y: number, color: readonly number[], coverage: number): void {
  if (coverage <= 0 || x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
  const i = (y * WIDTH + x) * 4;
  pixels[i] = color[0]!;
  pixels[i + 1] = color[1]!;
  pixels[i + 2] = color[2]!;
  pixels[i + 3] = Math.max(pixels[i + 3]!, Math.round(255 * Math.min(1, coverage)));
}

// The ring: an annulus with a gap at the upper right and an arrowhead, sampled 4x4 per pixel for smooth edges.
const ring = { cx: 59, cy: 55, outer: 35, inner: 25 };
function inRing(x: number, y: number): boolean {
  const dx = x - ring.cx;
  const dy = y - ring.cy;
  const r = Math.hypot(dx, dy);
  const angle = (Math.atan2(-dy, dx) * 180) / Math.PI;
  if (r < ring.inner || r > ring.outer) return false;
  return !(angle > 20 && angle < 65);
}
function inArrowhead(x: number, y: number): boolean {
  // A triangle on the ring's end at 20 degrees, pointing into the gap so the ring reads as turning.
  const a = (20 * Math.PI) / 180;
  const mid = (ring.inner + ring.outer) / 2;
  const base = { x: ring.cx + mid * Math.cos(a), y: ring.cy - mid * Math.sin(a) };
  const tangent = { x: Math.sin(a), y: Math.cos(a) };
  const normal = { x: Math.cos(a), y: -Math.sin(a) };
  const p1 = { x: base.x + normal.x * 11, y: base.y + normal.y * 11 };
  const p2 = { x: base.x - normal.x * 11, y: base.y - normal.y * 11 };
  const p3 = { x: base.x + tangent.x * 14, y: base.y + tangent.y * 14 };
  const side = (p: { x: number; y: number }, q: { x: number; y: number }) =>
    (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  const s1 = side(p1, p2);
  const s2 = side(p2, p3);
  const s3 = side(p3, p1);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}
for (let y = 0; y < HEIGHT; y++) {
  for (let x = 0; x < 130; x++) {
    let hits = 0;
    for (let sy = 0; sy < 4; sy++) {
      for (let sx = 0; sx < 4; sx++) {
        const px = x + (sx + 0.5) / 4;
        const py = y + (sy + 0.5) / 4;
        if (inRing(px, py) || inArrowhead(px, py)) hits++;
      }
    }
    blend(x, y, ACCENT, hits / 16);
  }
}

// The word, 7 device pixels per font pixel, vertically centred.
const SCALE = 7;
const word = 'SPINYARD';
let left = 118;
const top = Math.round((HEIGHT - 7 * SCALE) / 2);
for (const letter of word) {
  const rows = GLYPHS[letter]!;
  rows.forEach((row, gy) => {
    [...row].forEach((cell, gx) => {
      if (cell !== '#') return;
      for (let y = 0; y < SCALE; y++) {
        for (let x = 0; x < SCALE; x++) blend(left + gx * SCALE + x, top + gy * SCALE + y, INK, 1);
      }
    });
  });
  left += 5 * SCALE + 10;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(WIDTH, 0);
header.writeUInt32BE(HEIGHT, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no interlace
const rows = Buffer.alloc(HEIGHT * (WIDTH * 4 + 1));
for (let y = 0; y < HEIGHT; y++) {
  // Filter type 0 (none) at the start of each row.
  pixels.copy(rows, y * (WIDTH * 4 + 1) + 1, y * WIDTH * 4, (y + 1) * WIDTH * 4);
}
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);

const target = fileURLToPath(new URL('../assets/logos/company_logo_0006.png', import.meta.url));
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);

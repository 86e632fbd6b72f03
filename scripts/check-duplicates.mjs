// A duplicate-code scan of the repository: the pairs of files (a file may pair with itself) that share a run of
// RUN or more lines, either the same to the letter or of the same shape (names, strings and numbers replaced by
// placeholders). Lines are compared after dropping blanks, comments, import lines and lines of lone punctuation,
// and folding white space. A run that stands in more than MAX_PLACES places (a shape: MAX_SHAPE_PLACES) is too
// common to mean anything (a test's `expect` lines, a route declaration's frame) and is left out.
//
// Calibrated on main at cc232b3 against the `duplicates` command of the development machines (522 pairs, 74 of
// them identical): this scan counts 688 (69 identical) and finds 160 of that command's 200 worst pairs. A shape may
// stand in 3 places: with 8, as for identical runs, the scan counts 1,209 pairs, most of them six-line frames
// that every route or JSX form shares.
//
//   node scripts/check-duplicates.mjs            the figures and the 20 worst pairs
//   node scripts/check-duplicates.mjs --most 60  more pairs
//
// The guard (scripts/guards.mjs) holds the ratio of pairs per thousand source lines under a ceiling.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RUN = 6;
export const MAX_PLACES = 8;
export const MAX_SHAPE_PLACES = 3;
const MAX_FILE_BYTES = 1024 * 1024;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'coverage']);

// Words kept as they are in a shape: they give a line its shape, where names, strings and numbers do not.
const KEYWORDS = new Set(
  (
    'async await break case catch class const continue default delete do else export extends false finally for ' +
    'function if in instanceof let new null of return static switch this throw true try typeof undefined var ' +
    'void while yield type interface as satisfies readonly keyof'
  ).split(' '),
);

/** The files the scan reads: what git tracks plus what it does not ignore, or every file under `root` without git. */
export function sourceFiles(root) {
  let names;
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    names = out.split('\0').filter(Boolean);
  } catch {
    names = walk(root, '');
  }
  return names
    .filter((name) => SOURCE.test(name) && !name.split('/').some((part) => SKIP_DIRS.has(part)))
    .filter((name) => existsSync(path.join(root, name)))
    .sort();
}

function walk(root, dir) {
  const found = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const name = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) found.push(...walk(root, name));
    } else if (entry.isFile()) found.push(name);
  }
  return found;
}

/**
 * Removes comments from one line. `state.block` carries an open block comment to the next line. Quotes are followed
 * in code (so `'http://x'` keeps its slashes) but not in HTML, whose prose has apostrophes.
 */
function stripComments(line, state, kind) {
  let out = '';
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    if (state.block) {
      const end = line.indexOf(state.block, i);
      if (end < 0) return out;
      i = end + state.block.length - 1;
      state.block = '';
      continue;
    }
    const c = line[i];
    if (quote) {
      out += c;
      if (c === '\\') out += line[++i] ?? '';
      else if (c === quote) quote = '';
      continue;
    }
    if (kind !== 'html' && (c === "'" || c === '"' || c === '`')) quote = c;
    else if (c === '/' && line[i + 1] === '*') {
      state.block = '*/';
      i++;
      continue;
    } else if (kind === 'js' && c === '/' && line[i + 1] === '/') return out;
    else if (kind === 'html' && line.startsWith('<!--', i)) {
      state.block = '-->';
      i += 3;
      continue;
    }
    out += c;
  }
  return out;
}

/** One line's shape: strings, numbers and names (not keywords) replaced by placeholders. */
function shapeOf(line) {
  return line
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, 'S')
    .replace(/\b(?:0x[\da-fA-F]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\b/g, 'N')
    .replace(/[A-Za-z_$][\w$]*/g, (word) => (KEYWORDS.has(word) || word === 'S' || word === 'N' ? word : 'I'));
}

/** The lines of a file that count: `{ line, text, shape }` with `line` 1-based. */
export function normalise(text, name) {
  const kind = name.endsWith('.html') ? 'html' : name.endsWith('.css') ? 'css' : 'js';
  const state = { block: '' };
  const kept = [];
  let inImport = false;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const code = stripComments(lines[n], state, kind).replace(/\s+/g, ' ').trim();
    if (inImport) {
      if (/\bfrom\s*['"]/.test(code) || code.endsWith(';')) inImport = false;
      continue;
    }
    if (code === '' || !/[\p{L}\p{N}]/u.test(code)) continue;
    if (kind === 'js' && /^import\b(?!\s*\()/.test(code)) {
      inImport = !/\bfrom\s*['"]|^import\s*['"]|;$/.test(code);
      continue;
    }
    if (kind === 'js' && /^export\s+(?:\*|\{[^}]*\}|type\s+\{[^}]*\})\s*from\s*['"]/.test(code)) continue;
    if (kind === 'css' && code.startsWith('@import')) continue;
    kept.push({ line: n + 1, text: code, shape: shapeOf(code) });
  }
  return kept;
}

/** Gives each distinct string a small number, so a run of lines is keyed by a short string of numbers. */
function interner() {
  const ids = new Map();
  return (s) => {
    let id = ids.get(s);
    if (id === undefined) {
      id = ids.size;
      ids.set(s, id);
    }
    return id;
  };
}

/**
 * Scans the files under `root`: `{ files, lines, pairs, ratio, left }` where `pairs` are file pairs sorted worst
 * first, each `{ a, b, identical, shared, regions }` with regions `{ a: [from, to], b: [from, to], lines }`.
 */
export function scanDuplicates(root, names = sourceFiles(root)) {
  const files = [];
  let lines = 0;
  for (const name of names) {
    const full = path.join(root, name);
    if (statSync(full).size > MAX_FILE_BYTES) continue;
    const text = readFileSync(full, 'utf8');
    if (text.includes('\0')) continue;
    lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    files.push({ name, kept: normalise(text, name) });
  }
  const exactId = interner();
  const shapeId = interner();
  const exact = new Map();
  const shape = new Map();
  files.forEach((file, f) => {
    const e = file.kept.map((l) => exactId(l.text));
    const s = file.kept.map((l) => shapeId(l.shape));
    for (let i = 0; i + RUN <= file.kept.length; i++) {
      add(exact, e.slice(i, i + RUN).join(','), f, i);
      add(shape, `${file.name.slice(file.name.lastIndexOf('.'))}:${s.slice(i, i + RUN).join(',')}`, f, i);
    }
  });
  const matches = new Map();
  let left = 0;
  for (const [buckets, identical] of [
    [exact, true],
    [shape, false],
  ]) {
    for (const places of buckets.values()) {
      if (places.length < 2) continue;
      if (places.length > (identical ? MAX_PLACES : MAX_SHAPE_PLACES)) {
        if (identical) left++;
        continue;
      }
      for (let x = 0; x < places.length; x++) {
        for (let y = x + 1; y < places.length; y++) {
          const [p, q] = places[x].f <= places[y].f ? [places[x], places[y]] : [places[y], places[x]];
          if (p.f === q.f && Math.abs(p.i - q.i) < RUN) continue;
          const [a, b] = p.f === q.f && p.i > q.i ? [q, p] : [p, q];
          const key = `${a.f}:${b.f}`;
          const match = matches.get(key) ?? { fa: a.f, fb: b.f, runs: new Map(), identical: false };
          matches.set(key, match);
          match.runs.set(`${a.i}:${b.i}`, [a.i, b.i]);
          if (identical) match.identical = true;
        }
      }
    }
  }
  const pairs = [...matches.values()].map((m) => describePair(files, m));
  pairs.sort((x, y) => y.shared - x.shared || x.a.localeCompare(y.a) || x.b.localeCompare(y.b));
  return { files: files.length, lines, pairs, ratio: (pairs.length * 1000) / Math.max(1, lines), left };
}

function add(buckets, key, f, i) {
  const places = buckets.get(key);
  if (places) places.push({ f, i });
  else buckets.set(key, [{ f, i }]);
}

/** Chains runs that follow each other ((i, j), (i+1, j+1)...) into regions and names them by source lines. */
function describePair(files, match) {
  const ka = files[match.fa].kept;
  const kb = files[match.fb].kept;
  const runs = [...match.runs.values()].sort((x, y) => x[1] - x[0] - (y[1] - y[0]) || x[0] - y[0]);
  const regions = [];
  let current;
  for (const [i, j] of runs) {
    if (current && j - i === current.j - current.i && i <= current.endI + RUN) {
      current.endI = i;
    } else {
      current = { i, j, endI: i };
      regions.push(current);
    }
  }
  const described = regions.map((r) => {
    const count = r.endI - r.i + RUN;
    return {
      a: [ka[r.i].line, ka[r.endI + RUN - 1].line],
      b: [kb[r.j].line, kb[r.j + count - 1].line],
      lines: count,
    };
  });
  described.sort((x, y) => y.lines - x.lines);
  return {
    a: files[match.fa].name,
    b: files[match.fb].name,
    identical: match.identical,
    shared: described.reduce((sum, r) => sum + r.lines, 0),
    regions: described,
  };
}

/** One line a pair: `a.ts:10-24 ~ b.ts:40-54 (shape) +2 more regions, 31 lines shared`. */
export function formatPair(pair) {
  const [top] = pair.regions;
  const more = pair.regions.length > 1 ? ` +${pair.regions.length - 1} more regions,` : '';
  return (
    `${pair.a}:${top.a[0]}-${top.a[1]} ~ ${pair.b}:${top.b[0]}-${top.b[1]}` +
    `${pair.identical ? '' : ' (shape)'}${more} ${pair.shared} lines shared`
  );
}

export function summary(scan) {
  const identical = scan.pairs.filter((p) => p.identical).length;
  return (
    `${scan.pairs.length} duplicate pairs (${identical} identical) over ${scan.lines} source lines in ` +
    `${scan.files} files: ${scan.ratio.toFixed(2)} per thousand lines`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const mostAt = process.argv.indexOf('--most');
  const most = mostAt > 0 ? Number(process.argv[mostAt + 1]) : 20;
  const started = Date.now();
  const scan = scanDuplicates(root);
  process.stdout.write(`${summary(scan)} (${((Date.now() - started) / 1000).toFixed(1)}s)\n`);
  for (const [n, pair] of scan.pairs.slice(0, most).entries())
    process.stdout.write(`  ${n + 1}. ${formatPair(pair)}\n`);
  if (scan.pairs.length > most) process.stdout.write(`  (+${scan.pairs.length - most} more pairs)\n`);
  if (scan.left > 0) process.stdout.write(`left out: ${scan.left} runs that stand in more than ${MAX_PLACES} places\n`);
}

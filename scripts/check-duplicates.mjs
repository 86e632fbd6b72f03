// A duplicate-code scan of the repository: the pairs of files (a file may pair with itself) that share a window of
// RUN kept lines, the same to the letter or of the same shape. It counts what the `duplicates` command of the
// development machines counts, the measure issue 17 is written against, following its documented rules:
//
// - Files: what git tracks plus the untracked files it does not ignore (without git, every file), by source ending
//   or name (not JSON, YAML, Markdown, lock files); none under a folder .git, vendor, third_party, thirdparty or
//   node_modules, none over 1 MiB, with a NUL byte, or behind a link.
// - Lines: white space folded; kept if MIN_LINE to MAX_LINE characters long, not only punctuation, not a comment
//   line (starting with a comment mark of its language) and not a header line (import, re-export, require).
// - Windows of RUN kept lines, keyed by their text and, unless slight (few tokens, or fewer than two lines that do
//   something), by their shape: names, strings and numbers as placeholders.
// - A key that stands in more than MAX_PLACES places is too common and left out; among the rest, every two places
//   of a key that do not overlap pair their files. The count is of file pairs, however many windows they share.
//
// Where the documentation leaves a rule open (what a statement is, how a number or a case arm is cut), the rule
// here was found by feeding the command small files. The check, on main at dadd365: the command and this scan
// count the same pairs, file pair for file pair, on the whole tree (329) and on apps/server (118), apps/console
// (127), packages/domain (56) and e2e (15), and leave out as many too-common runs.
//
//   node scripts/check-duplicates.mjs                  the figures and the 20 worst pairs
//   node scripts/check-duplicates.mjs --most 60        more pairs
//   node scripts/check-duplicates.mjs --repo apps/x    another folder, as `duplicates --repo apps/x`
//
// The guard (scripts/guards.mjs) holds the ratio of pairs per thousand source lines under a ceiling.
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RUN = 6;
export const MAX_PLACES = 8;
const MAX_FILE_BYTES = 1024 * 1024;
const MIN_LINE = 3;
const MAX_LINE = 2000;
// A window under this many tokens (4 a line) or statements is slight: it has no shape key.
const MIN_TOKENS = 4 * RUN;
const MIN_STATEMENTS = 2;
// Source files by ending (any case) or name, and the mark that starts a comment line in each (`/*` and `*` in all).
const SLASH_LANGUAGES =
  'ts tsx mts cts js mjs cjs jsx c h cc cpp hpp cs java kt kts swift php scala go rs dart groovy gradle proto sol ' +
  'zig v scss less vue svelte astro m mm';
const HASH_LANGUAGES = 'sh bash zsh py rb r tf hcl nix ex exs cmake mk ps1 graphql jl';
const DASH_LANGUAGES = 'sql lua hs elm';
const OTHER_LANGUAGES = 'css html htm pl erl clj el ml f90 nim';
const HASH_NAMES =
  'Makefile GNUmakefile Dockerfile Containerfile Jenkinsfile Gemfile Rakefile Vagrantfile BUILD WORKSPACE';
const ending = (list) => new RegExp(`\\.(?:${list.replaceAll(' ', '|')})$`, 'i');
const named = (list) => new RegExp(`(?:^|/)(?:${list.replaceAll(' ', '|')})$`);
const SLASH = ending(SLASH_LANGUAGES);
const HASH = [ending(HASH_LANGUAGES), named(HASH_NAMES)];
const DASH = ending(DASH_LANGUAGES);
const SOURCE = [
  ending(`${SLASH_LANGUAGES} ${HASH_LANGUAGES} ${DASH_LANGUAGES} ${OTHER_LANGUAGES}`),
  named(`${HASH_NAMES} CMakeLists.txt`),
];
const SKIP_DIRS = new Set(['.git', 'vendor', 'third_party', 'thirdparty', 'node_modules']);

// A line whose first name is one of these does something.
const STATEMENT_WORDS = new Set(
  (
    'if for while return let var const else try catch throw yield await do continue break elif raise with ' +
    'assert except goto defer go loop unsafe'
  ).split(' '),
);
// A line whose first name is one of these, that opens a block or a list and assigns nothing, only declares.
const DECLARATION_WORDS = new Set('class interface export enum struct impl pub trait union typedef'.split(' '));
const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|\d[\dA-Fa-fxX_.]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\S/gu;
const NAME = /^[A-Za-z_]/;
const LETTER = /^\p{L}$/u;
// Header lines, the same in every file of a kind: imports, re-exports, requires, includes, packages.
const HEADER =
  /^(?:import\b|export \{[^}]*\} from\b|(?:const|let|var) .+ = require\(|from \S+ import\b|#(?:include|import)\b|use \w|(?:mod \w+|package [\w.]+);?$)/;
const PUNCTUATION_ONLY = /^[\s{}()[\];,:.]*$/;
// A case arm, a key and its value, or a one-line arrow (`key: value,`, `let name: Type;`, `name(args) => call(args);`):
// two simple terms (at most two words, a chain of names, one group of plain arguments) around `:` or `=>`.
const TERM = '(?:x )?[xs0](?: \\. x)*(?: \\((?: [xs0.,:])* \\))?';
const CASE_ARM = new RegExp(`^${TERM} (?::|= >) ${TERM} [,;]$`);

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
  return [...new Set(names)]
    .filter((name) => SOURCE.some((re) => re.test(name)) && !name.split('/').some((part) => SKIP_DIRS.has(part)))
    .filter((name) => lstatSync(path.join(root, name), { throwIfNoEntry: false })?.isFile())
    .sort();
}

function walk(root, dir) {
  const found = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const name = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) found.push(...walk(root, name));
    } else if (entry.isFile()) found.push(name);
  }
  return found;
}

function isComment(code, name) {
  if (code.startsWith('*/')) return false;
  if (code.startsWith('/*') || code.startsWith('*') || code.startsWith("'''") || code.startsWith('"""')) return true;
  if (code.startsWith('//')) return SLASH.test(name);
  if (code.startsWith('#')) return HASH.some((re) => re.test(name));
  return code.startsWith('--') && DASH.test(name);
}

/** One line's tokens as a shape: names `x`, strings `s`, numbers `0`, any other character as it is. */
function shapeOf(tokens) {
  return tokens.map((t) =>
    NAME.test(t) || LETTER.test(t) ? 'x' : t[0] === "'" || t[0] === '"' ? 's' : /^\d/.test(t) ? '0' : t,
  );
}

/** Whether a line does something (a statement word, an assignment, or many tokens), not only declares or lists. */
function isStatement(tokens, shape) {
  const first = tokens.find((t) => NAME.test(t));
  if (CASE_ARM.test(shape.join(' '))) return false;
  if (DECLARATION_WORDS.has(first) && !tokens.includes('=') && '{(:'.includes(tokens[tokens.length - 1])) return false;
  if (STATEMENT_WORDS.has(first)) return true;
  const assigns = tokens.some(
    (t, i) => t === '=' && !'=!<>'.includes(tokens[i - 1] ?? ' ') && !'=>'.includes(tokens[i + 1] ?? ' '),
  );
  return assigns || tokens.length >= 8;
}

/** The lines of a file that count: `{ line, text, shape, tokens, statement }` with `line` 1-based. */
export function normalise(text, name) {
  const kept = [];
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const code = lines[n].split(/\s+/).filter(Boolean).join(' ');
    // Counted in characters, not UTF-16 units, where it can matter.
    const size = code.length < 2 * MIN_LINE || code.length > MAX_LINE ? [...code].length : code.length;
    if (size < MIN_LINE || size > MAX_LINE || PUNCTUATION_ONLY.test(code)) continue;
    if (isComment(code, name) || HEADER.test(code)) continue;
    const tokens = code.match(TOKEN) ?? [];
    const shape = shapeOf(tokens);
    kept.push({
      line: n + 1,
      text: code,
      shape: shape.join(' '),
      tokens: tokens.length,
      statement: isStatement(tokens, shape),
    });
  }
  return kept;
}

/** Gives each distinct string a small number, so a window of lines is keyed by a short string of numbers. */
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

function readFiles(root, names) {
  const files = [];
  let lines = 0;
  for (const name of names) {
    const full = path.join(root, name);
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > MAX_FILE_BYTES) continue;
    const text = readFileSync(full, 'utf8');
    if (text.includes('\0')) continue;
    lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    files.push({ name, kept: normalise(text, name) });
  }
  return { files, lines };
}

/** The windows of every file grouped by key: `[exact, shape]`, each a map from key to places `{ f, i }`. */
function windows(files) {
  const exactId = interner();
  const shapeId = interner();
  const exact = new Map();
  const shape = new Map();
  files.forEach((file, f) => {
    const e = file.kept.map((l) => exactId(l.text));
    const s = file.kept.map((l) => shapeId(l.shape));
    for (let i = 0; i + RUN <= file.kept.length; i++) {
      add(exact, e.slice(i, i + RUN).join(','), f, i);
      const window = file.kept.slice(i, i + RUN);
      const tokens = window.reduce((sum, l) => sum + l.tokens, 0);
      const statements = window.filter((l) => l.statement).length;
      if (tokens >= MIN_TOKENS && statements >= MIN_STATEMENTS) add(shape, s.slice(i, i + RUN).join(','), f, i);
    }
  });
  return [exact, shape];
}

function add(groups, key, f, i) {
  const places = groups.get(key);
  if (places) places.push({ f, i });
  else groups.set(key, [{ f, i }]);
}

/**
 * Scans the files under `root`: `{ files, lines, pairs, ratio, left }` where `pairs` are file pairs sorted worst
 * first, each `{ a, b, identical, shared, regions }` with regions `{ a: [from, to], b: [from, to], lines }`, and
 * `left` counts the windows left out as too common (their sets of places).
 */
export function scanDuplicates(root, names = sourceFiles(root)) {
  const { files, lines } = readFiles(root, names);
  const matches = new Map();
  // The places of each key left out as too common (a window whose text and shape are both too common counts once).
  const left = new Set();
  const [exact, shape] = windows(files);
  for (const [groups, identical] of [
    [exact, true],
    [shape, false],
  ]) {
    for (const places of groups.values()) {
      if (places.length < 2) continue;
      if (places.length > MAX_PLACES) {
        left.add(places.map((p) => `${p.f}:${p.i}`).join(' '));
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
  return { files: files.length, lines, pairs, ratio: (pairs.length * 1000) / Math.max(1, lines), left: left.size };
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
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const root = option('--repo') ? path.resolve(option('--repo')) : top;
  const most = Number(option('--most') ?? 20);
  const started = Date.now();
  const scan = scanDuplicates(root);
  process.stdout.write(`${summary(scan)} (${((Date.now() - started) / 1000).toFixed(1)}s)\n`);
  for (const [n, pair] of scan.pairs.slice(0, most).entries())
    process.stdout.write(`  ${n + 1}. ${formatPair(pair)}\n`);
  if (scan.pairs.length > most) process.stdout.write(`  (+${scan.pairs.length - most} more pairs)\n`);
  if (scan.left > 0) {
    const runs = scan.left === 1 ? '1 run that stands' : `${scan.left} runs that stand`;
    process.stdout.write(`left out: ${runs} in more than ${MAX_PLACES} places\n`);
  }
}

// The guards of `npm test` (the step `guards`): source files at most 400 lines, functions at most 150, and a
// ceiling on duplicate pairs per thousand source lines (scripts/check-sizes.mjs, scripts/check-duplicates.mjs).
//
// What was over a limit when the guards came is listed in scripts/guards-baseline.json, a ratchet that may only
// shrink: a new violation fails, a listed file that grew fails, and a listed file that is now within the limit
// fails until its line is deleted, so the list cannot keep room for a relapse. The duplicate ratio may not rise
// above the baseline's ceiling; the goal is printed beside it.
//
//   node scripts/guards.mjs                    check (exit 1 with one line a failure, naming the file)
//   node scripts/guards.mjs --write-baseline   write today's figures as the baseline, printing what changed
//   node scripts/guards.mjs --notes=FILE       also write the failures to FILE (the summary of `npm test`)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPair, scanDuplicates, sourceFiles, summary } from './check-duplicates.mjs';
import { FILE_LIMIT, FUNCTION_LIMIT, measure } from './check-sizes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = 'scripts/guards-baseline.json';
const GOAL = 3.0;
const WORST_SHOWN = 10;

const args = process.argv.slice(2);
const writing = args.includes('--write-baseline');
const notesFile = args.find((a) => a.startsWith('--notes='))?.slice('--notes='.length);

const started = Date.now();
const names = sourceFiles(root);
const sizes = measure(root, names);
const scan = scanDuplicates(root, names);
const current = {
  lines: sizes.lines,
  functions: Object.fromEntries(
    Object.entries(sizes.functions).map(([file, list]) => [file, list.map((f) => f.lines)]),
  ),
  ceiling: Math.ceil(scan.ratio * 100) / 100,
};

function readBaseline() {
  try {
    const json = JSON.parse(readFileSync(path.join(root, BASELINE), 'utf8'));
    return { lines: json.lines ?? {}, functions: json.functions ?? {}, ceiling: json.duplicates?.ceiling ?? GOAL };
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return { lines: {}, functions: {}, ceiling: GOAL };
  }
}

/** JSON as Biome formats it: one entry a line, a file's function lengths on its own line. */
function format(json) {
  const entries = (record) =>
    Object.entries(record)
      .map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value).replaceAll(',', ', ')}`)
      .join(',\n');
  const block = (record) => (Object.keys(record).length ? `{\n${entries(record)}\n  }` : '{}');
  return (
    `{\n  "about": ${JSON.stringify(json.about)},\n  "lines": ${block(json.lines)},\n` +
    `  "functions": ${block(json.functions)},\n  "duplicates": { "goal": ${json.duplicates.goal.toFixed(1)}, ` +
    `"ceiling": ${json.duplicates.ceiling} }\n}\n`
  );
}

const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

if (writing) {
  const before = readBaseline();
  const changes = [];
  for (const guard of ['lines', 'functions']) {
    const files = new Set([...Object.keys(before[guard]), ...Object.keys(current[guard])]);
    for (const file of [...files].sort()) {
      const was = JSON.stringify(before[guard][file] ?? '-');
      const now = JSON.stringify(current[guard][file] ?? '-');
      if (was !== now) changes.push(`  ${guard}: ${file} ${was} -> ${now}`);
    }
  }
  if (before.ceiling !== current.ceiling) changes.push(`  duplicates ceiling: ${before.ceiling} -> ${current.ceiling}`);
  const json = {
    about:
      'Violations the guards found when they came (scripts/guards.mjs). Only delete or lower entries; ' +
      'regenerate with `node scripts/guards.mjs --write-baseline` and review the diff.',
    lines: sorted(current.lines),
    functions: sorted(current.functions),
    duplicates: { goal: GOAL, ceiling: current.ceiling },
  };
  writeFileSync(path.join(root, BASELINE), format(json));
  process.stdout.write(`${BASELINE} written${changes.length ? ':\n' : ' (unchanged)\n'}${changes.join('\n')}\n`);
  process.exit(0);
}

const baseline = readBaseline();
const failures = [];
const notices = [];
const fix = `(run \`node scripts/guards.mjs --write-baseline\` and commit ${BASELINE})`;

for (const [file, count] of Object.entries(current.lines)) {
  const allowed = baseline.lines[file];
  if (allowed === undefined) failures.push(`lines: ${file} has ${count} lines, over the limit of ${FILE_LIMIT}`);
  else if (count > allowed)
    failures.push(`lines: ${file} grew to ${count} lines (baseline ${allowed}, limit ${FILE_LIMIT})`);
  else if (count < allowed) notices.push(`lines: ${file} shrank to ${count} lines (baseline ${allowed}) ${fix}`);
}
for (const file of Object.keys(baseline.lines)) {
  if (current.lines[file] === undefined) {
    failures.push(`lines: ${file} is within ${FILE_LIMIT} lines now (or gone): delete its line in ${BASELINE}`);
  }
}

for (const [file, list] of Object.entries(sizes.functions)) {
  const allowed = baseline.functions[file];
  const named = list.map((f) => `${f.name} (line ${f.line}, ${f.lines} lines)`).join(', ');
  if (allowed === undefined) {
    failures.push(`functions: ${file} has functions over ${FUNCTION_LIMIT} lines: ${named}`);
  } else if (list.length > allowed.length || list.some((f, i) => f.lines > allowed[i])) {
    failures.push(
      `functions: ${file} has more or longer functions over ${FUNCTION_LIMIT} lines than its baseline ` +
        `[${allowed.join(', ')}]: ${named}`,
    );
  } else if (list.length < allowed.length || list.some((f, i) => f.lines < allowed[i])) {
    notices.push(`functions: ${file} improved to [${list.map((f) => f.lines).join(', ')}] ${fix}`);
  }
}
for (const file of Object.keys(baseline.functions)) {
  if (current.functions[file] === undefined) {
    failures.push(
      `functions: ${file} has no function over ${FUNCTION_LIMIT} lines now (or is gone): delete its line in ${BASELINE}`,
    );
  }
}

// Compared as printed: rounded up to hundredths, as the ceiling is written.
const ratio = current.ceiling.toFixed(2);
process.stdout.write(`duplicates: ${summary(scan)}; ceiling ${baseline.ceiling}, goal ${GOAL.toFixed(1)}\n`);
for (const pair of scan.pairs.slice(0, WORST_SHOWN)) process.stdout.write(`  ${formatPair(pair)}\n`);
if (current.ceiling > baseline.ceiling) {
  const worst = scan.pairs
    .slice(0, 3)
    .map((p) => `${p.a} ~ ${p.b}`)
    .join('; ');
  failures.push(
    `duplicates: ${ratio} pairs per thousand lines is over the ceiling ${baseline.ceiling} (goal ${GOAL.toFixed(1)}); ` +
      `see \`node scripts/check-duplicates.mjs\`, worst: ${worst}`,
  );
} else if (current.ceiling < baseline.ceiling) {
  notices.push(`duplicates: ${ratio} is under the ceiling ${baseline.ceiling}: lower it ${fix}`);
}

const over = (record) => Object.keys(record).length;
const functionCount = Object.values(sizes.functions).reduce((sum, list) => sum + list.length, 0);
process.stdout.write(
  `lines: ${over(current.lines)} files over ${FILE_LIMIT} lines (${over(baseline.lines)} in the baseline)\n` +
    `functions: ${functionCount} functions over ${FUNCTION_LIMIT} lines in ${over(current.functions)} files ` +
    `(${over(baseline.functions)} files in the baseline)\n`,
);
for (const notice of notices) process.stdout.write(`note: ${notice}\n`);
for (const failure of failures) process.stderr.write(`FAILED ${failure}\n`);
if (notesFile) {
  mkdirSync(path.dirname(notesFile), { recursive: true });
  writeFileSync(notesFile, failures.map((f) => `${f}\n`).join(''));
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(`guards: ${failures.length === 0 ? 'passed' : `${failures.length} failed`} (${seconds}s)\n`);
process.exit(failures.length === 0 ? 0 : 1);

// The whole test run behind `npm test`: typecheck, lint, the guards, the console and viewer builds, then the Vitest projects
// domain, console, server and e2e, each with a JSON report under test-results/ and the default reporter on the terminal.
// The typecheck runs beside lint, the build and the two small projects (its output shown when it ends): tsc is one
// process and so is the build's bundler, so on two cores they take about the time of the longest, not their sum.
// It ends with the 10 slowest test files of every Vitest project run, each step's time and the total, then one line
// `N passed, N failed` (`, N skipped` when any were skipped), and exits non-zero when anything failed. Typecheck,
// lint and guards count as one test each; a failed build counts as one failure.
//
// Local filtering:  npm test -- --only=server            (comma-separated: typecheck,lint,guards,build,domain,console,server,e2e)
//                   npm test -- --skip=typecheck,lint
//                   npm test -- --only=e2e -- e2e/shell.test.ts    (arguments after `--` go to Vitest)
// Under CI=true the browser tests are required: without Chromium the e2e suite fails instead of skipping.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const STEPS = ['typecheck', 'lint', 'guards', 'build', 'domain', 'console', 'server', 'e2e'];
/** A step that runs longer than this is stopped and counted as failed, so a hang cannot eat the CI budget. */
const STEP_TIMEOUT_MS = {
  typecheck: 10 * 60_000,
  lint: 4 * 60_000,
  guards: 4 * 60_000,
  build: 10 * 60_000,
  domain: 10 * 60_000,
  console: 10 * 60_000,
  server: 14 * 60_000,
  e2e: 50 * 60_000,
};

const isCi = (() => {
  const value = (process.env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== 'false' && value !== '0';
})();

function usage(exitCode) {
  process.stdout.write(
    [
      'Usage: npm test [-- [--only=a,b] [--skip=a,b] [-- <vitest arguments>]]',
      `Steps: ${STEPS.join(', ')} (the build runs whenever e2e runs, unless skipped)`,
      '',
    ].join('\n'),
  );
  process.exit(exitCode);
}

function parseList(value, flag) {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!STEPS.includes(name)) {
      process.stderr.write(`Unknown step "${name}" in ${flag}. Steps: ${STEPS.join(', ')}\n`);
      process.exit(2);
    }
  }
  return names;
}

function parseArgs(argv) {
  let only;
  const skip = new Set();
  const vitestArgs = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      vitestArgs.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--help' || arg === '-h') usage(0);
    else if (arg.startsWith('--only=')) only = new Set(parseList(arg.slice('--only='.length), '--only'));
    else if (arg.startsWith('--skip=')) for (const s of parseList(arg.slice('--skip='.length), '--skip')) skip.add(s);
    else {
      process.stderr.write(`Unknown argument "${arg}"\n`);
      usage(2);
    }
  }
  const selected = new Set(only ?? STEPS);
  // The browser tests run against the built console.
  if (selected.has('e2e')) selected.add('build');
  for (const s of skip) selected.delete(s);
  return { selected, vitestArgs };
}

const { selected, vitestArgs } = parseArgs(process.argv.slice(2));

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (children.size === 0) process.exit(130);
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The step has already exited.
      }
    }
  });
}

/** Wall time of each step in seconds, in the order the steps ended, for the summary. */
const timings = [];
/** The steps running now (the typecheck runs beside the first steps), for a stop on SIGINT/SIGTERM. */
const children = new Set();

/**
 * Runs a command in its own process group (so a timeout stops its children too); resolves with its exit code.
 * With `capture`, the output is kept and printed in one piece when the command ends (it runs beside another step).
 */
function run(name, command, args, { env = process.env, capture = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const stdio = capture ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: root, env, stdio, detached: true });
    const captured = [];
    if (capture) {
      child.stdout.on('data', (chunk) => captured.push(chunk));
      child.stderr.on('data', (chunk) => captured.push(chunk));
    }
    children.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.stderr.write(`\n[test] ${name} exceeded ${STEP_TIMEOUT_MS[name] / 60_000} min; stopping it\n`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 20_000).unref();
    }, STEP_TIMEOUT_MS[name]);
    let finished = false;
    const finish = (code) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      children.delete(child);
      const seconds = (Date.now() - started) / 1000;
      timings.push({ name, seconds });
      if (capture) {
        banner(`${name} (ran beside the steps above)`);
        process.stdout.write(Buffer.concat(captured));
      }
      process.stdout.write(
        `[test] ${name}: exit ${code} after ${seconds.toFixed(1)}s${timedOut ? ' (timed out)' : ''}\n`,
      );
      resolve(timedOut ? 124 : code);
    };
    child.on('error', (error) => {
      process.stderr.write(`[test] ${name}: could not start ${command}: ${error.message}\n`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

function banner(text) {
  const line = '═'.repeat(Math.max(20, text.length + 4));
  process.stdout.write(`\n${line}\n  ${text}\n${line}\n`);
}

function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

function chromiumAvailable() {
  try {
    accessSync(chromiumPath(), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Counts one Vitest project from its JSON report. A file that failed without a failing test (import error,
 * a failed beforeAll hook, which Vitest reports as skipped tests) counts its unpassed tests, or at least one,
 * as failed. A non-zero exit with nothing failed (unhandled errors, no test files) counts one failure.
 */
function countReport(reportFile, exitCode) {
  const tally = { passed: 0, failed: 0, skipped: 0, notes: [] };
  if (!existsSync(reportFile)) {
    tally.failed = 1;
    tally.notes.push(`no JSON report (${path.relative(root, reportFile)}); Vitest exited ${exitCode}`);
    return tally;
  }
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch (error) {
    tally.failed = 1;
    tally.notes.push(`unreadable JSON report: ${error.message}`);
    return tally;
  }
  for (const file of report.testResults ?? []) {
    const statuses = (file.assertionResults ?? []).map((a) => a.status);
    const passed = statuses.filter((s) => s === 'passed').length;
    const failed = statuses.filter((s) => s === 'failed').length;
    const notRun = statuses.length - passed - failed;
    tally.passed += passed;
    if (file.status === 'failed' && failed === 0) {
      tally.failed += Math.max(1, notRun);
      const where = path.relative(root, file.name);
      tally.notes.push(
        `${where} failed outside a test (a hook, or loading the file)${file.message ? `: ${file.message}` : ''}`,
      );
    } else {
      tally.failed += failed;
      tally.skipped += notRun;
    }
  }
  if (exitCode !== 0 && tally.failed === 0) {
    tally.failed = 1;
    tally.notes.push(`Vitest exited ${exitCode} with no failed test (unhandled errors, or no test files)`);
  }
  return tally;
}

const results = [];
function record(name, tally) {
  results.push({ name, ...tally });
}

mkdirSync(resultsDir, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const startedAt = Date.now();
let buildFailed = false;

// The typecheck starts first and runs beside lint, the build and the two small Vitest projects; it is awaited before
// the server and browser projects, whose workers want both cores.
let typecheckDone = Promise.resolve();
if (selected.has('typecheck') && !interrupted) {
  process.stdout.write('\n[test] typecheck: started beside lint and the build; its output follows when it ends\n');
  typecheckDone = run('typecheck', npm, ['run', 'typecheck'], { capture: true }).then((code) => {
    record('typecheck', { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, notes: [] });
  });
}

for (const step of STEPS) {
  if (interrupted) break;
  if (step === 'typecheck' || !selected.has(step)) continue;

  if (step === 'lint' || step === 'guards') {
    banner(step);
    // The guards write the files they failed on, for the summary.
    const notes = path.join(resultsDir, `${step}-failures.txt`);
    rmSync(notes, { force: true });
    const code = await run(step, npm, ['run', step, ...(step === 'guards' ? ['--', `--notes=${notes}`] : [])]);
    const failed = code !== 0 && existsSync(notes) ? readFileSync(notes, 'utf8').split('\n').filter(Boolean) : [];
    record(step, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, notes: failed });
    continue;
  }

  if (step === 'build') {
    banner('build the console and the viewer');
    const code = await run(step, npm, ['run', 'build']);
    if (code !== 0) {
      buildFailed = true;
      record('build', { passed: 0, failed: 1, skipped: 0, notes: ['the console or viewer build failed'] });
    }
    continue;
  }

  // The domain and console projects are small (about 25 s together) and fill the core the typecheck leaves idle once
  // lint, the guards and the build are done; the server and browser projects want both cores, so they wait for it.
  if (step === 'server' || step === 'e2e') await typecheckDone;
  if (interrupted) break;
  // A Vitest project.
  const env = { ...process.env };
  if (step === 'e2e') {
    if (buildFailed) {
      process.stderr.write('\n[test] e2e NOT RUN: the build failed (counted above as a failure)\n');
      continue;
    }
    if (!chromiumAvailable()) {
      const where = chromiumPath();
      const message = isCi
        ? `Chromium not found at ${where}. CI requires the browser tests: they will FAIL. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`
        : `Chromium not found at ${where}. The browser tests will be SKIPPED (outside CI only). Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`;
      const bar = '!'.repeat(100);
      process.stderr.write(`\n${bar}\n!! ${message}\n${bar}\n`);
    }
  }
  // Screenshots and server logs of the previous browser run.
  if (step === 'e2e') rmSync(path.join(resultsDir, 'e2e'), { recursive: true, force: true });
  banner(`vitest: ${step}`);
  const reportFile = path.join(resultsDir, `${step}.json`);
  rmSync(reportFile, { force: true });
  const code = await run(
    step,
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      step,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...vitestArgs,
    ],
    { env },
  );
  const tally = countReport(reportFile, code);
  if (step === 'e2e' && isCi && !chromiumAvailable() && tally.failed === 0) {
    tally.failed = 1;
    tally.notes.push('Chromium is missing under CI');
  }
  record(step, tally);
}

await typecheckDone;

/** The slowest test files of the Vitest projects that ran, from their JSON reports (file start to end). */
function slowestFiles(count) {
  const files = [];
  for (const step of ['domain', 'console', 'server', 'e2e']) {
    const reportFile = path.join(resultsDir, `${step}.json`);
    if (!selected.has(step) || !existsSync(reportFile)) continue;
    try {
      const report = JSON.parse(readFileSync(reportFile, 'utf8'));
      for (const file of report.testResults ?? []) {
        const seconds = (Number(file.endTime) - Number(file.startTime)) / 1000;
        const tests = (file.assertionResults ?? []).length;
        if (Number.isFinite(seconds)) files.push({ step, name: path.relative(root, file.name), seconds, tests });
      }
    } catch {
      // An unreadable report is already counted as a failure above.
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

const slowest = slowestFiles(10);
if (slowest.length > 0) {
  banner('the 10 slowest test files');
  for (const f of slowest) {
    process.stdout.write(`  ${f.seconds.toFixed(1).padStart(7)}s  ${f.step.padEnd(8)} ${f.name} (${f.tests} tests)\n`);
  }
}
const totalSeconds = (Date.now() - startedAt) / 1000;
banner('time per step (wall; the typecheck ran beside lint, the build, domain and console)');
for (const t of timings) process.stdout.write(`  ${t.name.padEnd(10)} ${t.seconds.toFixed(1).padStart(7)}s\n`);
process.stdout.write(`  ${'total'.padEnd(10)} ${totalSeconds.toFixed(1).padStart(7)}s\n`);

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

process.stdout.write('\n');
banner(`summary (${totalSeconds.toFixed(0)}s${interrupted ? ', interrupted' : ''})`);
for (const r of results) {
  process.stdout.write(`  ${r.name.padEnd(10)} passed=${r.passed} failed=${r.failed} skipped=${r.skipped}\n`);
  for (const note of r.notes) process.stdout.write(`    - ${note}\n`);
}
if (interrupted) total.failed += 1;
const skippedPart = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed${skippedPart}\n`);
process.exit(total.failed > 0 ? 1 : 0);

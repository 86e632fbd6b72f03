import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { currentWorkSignal } from '../jobs/job-signal.ts';
import { recordMediaChild } from './media-children.ts';

/**
 * Where ffmpeg and ffprobe are, and the one way this server runs them: an argument list (never a shell, so a
 * file name cannot become a command), a time limit after which the process is killed, and a cap on the output
 * kept in memory. The binaries come from npm packages (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe:
 * static builds, the same on every machine); `FFMPEG_PATH` and `FFPROBE_PATH` point elsewhere (a system build,
 * a newer one) without a code change. See docs/operations.md.
 */

const require = createRequire(import.meta.url);

// Resolved on first use, so a machine that sets the environment variables never loads the packages.
let ffmpegFromPackage: string | undefined;
let ffprobeFromPackage: string | undefined;

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * A binary this user can run: the file itself, or else a copy with the execute bit in a private folder of the
 * system's temporary directory (named by size and time, so a new version is copied again). ffprobe's tarball
 * ships without the execute bit and relies on its install script's `chmod u+x`, so an install with scripts off,
 * or by another user than the server's (root installs, a service user runs), would leave it unusable. Undefined
 * when even the copy cannot be made.
 */
export function usableBinary(file: string): string | undefined {
  if (isExecutable(file)) return file;
  try {
    const { size, mtimeMs } = statSync(file);
    const dir = path.join(tmpdir(), `spinyard-bin-${process.getuid?.() ?? 'user'}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const copy = path.join(dir, `${path.basename(file)}-${size}-${Math.trunc(mtimeMs)}`);
    if (!isExecutable(copy)) {
      // Written aside and renamed, so a second process never runs a half-copied binary.
      const part = `${copy}.${process.pid}.part`;
      copyFileSync(file, part);
      chmodSync(part, 0o755);
      renameSync(part, copy);
    }
    return isExecutable(copy) ? copy : undefined;
  } catch {
    return undefined;
  }
}

/** The packaged binary, checked once (see usableBinary). */
function packaged(specifier: string, variable: string): string {
  const file = (require(specifier) as { path: string }).path;
  const usable = usableBinary(file);
  if (usable === undefined) {
    throw new Error(`${file} is not executable by this user: run chmod a+x on it, or set ${variable}`);
  }
  return usable;
}

export function ffmpegPath(): string {
  const configured = process.env.FFMPEG_PATH;
  if (configured) return configured;
  ffmpegFromPackage ??= packaged('@ffmpeg-installer/ffmpeg', 'FFMPEG_PATH');
  return ffmpegFromPackage;
}

export function ffprobePath(): string {
  const configured = process.env.FFPROBE_PATH;
  if (configured) return configured;
  ffprobeFromPackage ??= packaged('@ffprobe-installer/ffprobe', 'FFPROBE_PATH');
  return ffprobeFromPackage;
}

export interface RunOptions {
  /** The process is killed (SIGKILL) after this long. */
  timeoutMs: number;
  /** Standard output kept; past it the process is killed, since no answer we read is that large. Default 1 MB. */
  maxStdoutBytes?: number;
  /** The last this many bytes of standard error are kept, for the log. Default 16 kB. */
  maxStderrBytes?: number;
  signal?: AbortSignal;
  /** Told each chunk of standard output as it comes (ffmpeg's `-progress pipe:1`, for a progress bar). */
  onStdout?: (chunk: Buffer) => void;
}

export interface RunResult {
  /** Exit code, or null when the process was killed. */
  code: number | null;
  stdout: Buffer;
  /** The tail of standard error. */
  stderr: string;
  timedOut: boolean;
  /** The output went past maxStdoutBytes and the process was killed. */
  overflowed: boolean;
  /** The program could not be started (not found, not executable). */
  spawnError?: string;
}

export type MediaChild = ChildProcessByStdio<null, Readable, Readable>;

/** ffmpeg and ffprobe runs under way in this process. */
const running = new Set<MediaChild>();
let exitHookInstalled = false;

/**
 * Starts ffmpeg or ffprobe in a process group of its own (`detached`): a stop sent to the server's whole group (a
 * terminal's Ctrl-C, a process manager) reaches the server, which lets its jobs finish, and not the programs those
 * jobs run, which would die mid-job. Outside the group, the server ends them itself: on abort and time-out (the
 * callers), at the end of a shutdown (`stopMediaChildren`), and when this process exits however it exits.
 */
export function spawnMedia(program: string, args: readonly string[]): MediaChild {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => stopMediaChildren());
  }
  const child = spawn(program, args, {
    shell: false,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
    detached: true,
  });
  if (child.pid !== undefined) {
    running.add(child);
    const record = recordMediaChild(child.pid, program);
    // The work that started it no longer wanted (its job cancelled or expired, its process ended elsewhere).
    const signal = currentWorkSignal();
    const onAbort = () => killMediaChild(child);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('exit', () => {
      running.delete(child);
      signal?.removeEventListener('abort', onAbort);
      record.remove();
    });
    if (signal?.aborted) onAbort();
  }
  return child;
}

/** The pids of the media programs this process runs now (the operations page, the tests). */
export function runningMediaPids(): number[] {
  return [...running].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

/** Kills a media program and anything it started (its whole group); nothing when it has ended. */
export function killMediaChild(child: MediaChild): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Kills every media program still running (a shutdown's last word on jobs that did not finish): how many. */
export function stopMediaChildren(): number {
  const left = [...running];
  for (const child of left) killMediaChild(child);
  return left.length;
}

/** Runs a program with arguments (no shell) under a time limit and an output cap; never rejects. */
export function runBounded(program: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const maxStdout = options.maxStdoutBytes ?? 1024 * 1024;
  const maxStderr = options.maxStderrBytes ?? 16 * 1024;
  return new Promise((resolve) => {
    const child = spawnMedia(program, args);
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = Buffer.alloc(0);
    let timedOut = false;
    let overflowed = false;
    let spawnError: string | undefined;
    const kill = () => killMediaChild(child);
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => kill();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (overflowed) return;
      if (outBytes + chunk.length > maxStdout) {
        overflowed = true;
        kill();
        return;
      }
      out.push(chunk);
      outBytes += chunk.length;
      try {
        options.onStdout?.(chunk);
      } catch {
        // Progress is advice; a failing listener must not stop the program.
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = Buffer.concat([err, chunk]);
      if (err.length > maxStderr) err = err.subarray(err.length - maxStderr);
    });
    let done = false;
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        code,
        stdout: Buffer.concat(out),
        stderr: err.toString('utf8'),
        timedOut,
        overflowed,
        ...(spawnError === undefined ? {} : { spawnError }),
      });
    };
    // A program that cannot start reports only 'error'; one that ran ends with 'close' once its pipes drain.
    child.on('error', (e) => {
      spawnError = e.message;
      if (child.pid === undefined) finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}

/** The first line of `ffmpeg -version` (or ffprobe's), for the operations page and the startup log. */
export async function binaryVersion(program: string): Promise<string | undefined> {
  const r = await runBounded(program, ['-hide_banner', '-version'], { timeoutMs: 10_000, maxStdoutBytes: 64 * 1024 });
  if (r.code !== 0) return undefined;
  return r.stdout.toString('utf8').split('\n')[0]?.trim();
}

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ffmpeg is not in the server's process group: a stop sent to the whole group (Ctrl-C, a process manager) reaches
 * the server, whose jobs finish their ffmpeg runs while it drains; and no ffmpeg outlives the server that started it.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'media-job.ts');

/** The fixture as its own group's leader, as a server is under a terminal or a process manager. */
function startJobProcess(mode: 'drain' | 'exit', seconds: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode, String(seconds)], {
    env: { PATH: process.env.PATH ?? '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => out,
    exited,
    running: () => expect.poll(() => out, { timeout: 30_000, interval: 50 }).toContain('running\n'),
    signalGroup: () => process.kill(-(child.pid as number), 'SIGTERM'),
  };
}

/** Whether a process runs (a zombie nobody reaped yet has ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('ffmpeg and a stop sent to the process group', () => {
  it('keeps running while the server drains: the job ends as it would have', async () => {
    const job = startJobProcess('drain', 3);
    await job.running();
    job.signalGroup();
    expect(await job.exited).toBe(0);
    expect(job.output()).toContain('stopping\n');
    // ffmpeg in the group got the same SIGTERM and quit mid-job with 255.
    expect(job.output()).toContain('job ended 0\n');
  });

  it('dies with the server that started it, however the server exits', async () => {
    const job = startJobProcess('exit', 600);
    await job.running();
    const pid = Number(/ffmpeg (\d+)/.exec(job.output())?.[1]);
    expect(alive(pid)).toBe(true);
    try {
      job.signalGroup();
      expect(await job.exited).toBe(1);
      await expect.poll(() => alive(pid), { timeout: 10_000, interval: 50 }).toBe(false);
    } finally {
      // A failing run leaves no orphan behind for the rest of the suite.
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

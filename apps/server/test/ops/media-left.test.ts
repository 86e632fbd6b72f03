import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processStartTime, reapMediaChildren } from '../../src/platform/media/media-children.ts';

/**
 * A server killed with SIGKILL cannot end its ffmpeg (its own process group), which ran on to its time limit: the
 * next start reaps it from the records the server kept in its data folder (platform/media/media-children.ts), and
 * never a live server's program nor a process that only took a recorded pid.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'media-left.ts');
const folders: string[] = [];
const strays: number[] = [];

afterAll(async () => {
  // A failing run leaves no orphan behind for the rest of the suite.
  for (const pid of strays) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function recordsFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-media-children-'));
  folders.push(dir);
  return dir;
}

describe('media programs a killed server left running', () => {
  it('are killed at the next start; a live server’s are left alone', async () => {
    const dir = await recordsFolder();
    const server = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir], {
      env: { PATH: process.env.PATH ?? '' },
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    const pid = await new Promise<number>((resolve) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const found = /ffmpeg (\d+)\n/.exec(out);
        if (found) resolve(Number(found[1]));
      });
    });
    strays.push(pid);
    expect(readdirSync(dir)).toEqual([`${pid}-${processStartTime(pid)}.json`]);

    // Its server is alive: its program is its own to end.
    expect(reapMediaChildren(dir)).toEqual([]);
    expect(alive(pid)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1);

    server.kill('SIGKILL');
    await exited;
    // What the server could not do: its ffmpeg runs on.
    expect(alive(pid)).toBe(true);

    expect(reapMediaChildren(dir)).toEqual([pid]);
    await expect.poll(() => alive(pid), { timeout: 10_000, interval: 50 }).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never kill a process that only took a recorded pid (another start time or another program)', async () => {
    const dir = await recordsFolder();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 60000)'], {
      detached: true,
      stdio: 'ignore',
    });
    const pid = other.pid as number;
    strays.push(pid);
    const start = processStartTime(pid);
    expect(start).toBeDefined();
    // Written by a server gone since (an owner no process has: pid_max on Linux is at most 2^22).
    const record = (values: { start: string; program: string }) =>
      JSON.stringify({ pid, ...values, owner: 4_194_304 + 1, ownerStart: '1' });
    await writeFile(
      path.join(dir, `${pid}-a.json`),
      record({ start: String(Number(start) - 1), program: process.execPath }),
    );
    await writeFile(path.join(dir, `${pid}-b.json`), record({ start: start!, program: '/usr/bin/ffmpeg' }));

    expect(reapMediaChildren(dir)).toEqual([]);
    expect(alive(pid)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    other.kill('SIGKILL');
  });
});

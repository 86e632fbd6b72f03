import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A record on disk of each media program (ffmpeg, ffprobe) while it runs, so the next start reaps what a server
 * killed with SIGKILL (or by the OOM killer) left running: those programs are in process groups of their own
 * (ffmpeg.ts), so nothing else ends them before their own time limit, up to 45 minutes of two cores. A record names
 * the program's pid, its start time from /proc/PID/stat and its binary, and the server that started it (pid and
 * start time): a pid the system gave to another program since, or a program of a server still running on the same
 * data folder (`serve` and `worker` side by side), is never killed.
 */

/** Where this process writes its records; unset (no records) until a server or worker starts (main.ts). */
let folder: string | undefined;

interface ChildRecord {
  pid: number;
  start: string;
  program: string;
  owner: number;
  ownerStart: string;
}

/** Field 22 of /proc/PID/stat, the start in clock ticks since boot; undefined when the process is gone (or no Linux). */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself: count after the last.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (the state); a zombie has ended, whoever has not reaped it yet.
    if (fields[0] === 'Z') return undefined;
    return fields[19];
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\u0000')[0];
  } catch {
    return undefined;
  }
}

/** Records a media program just started; `remove` when it has ended. Nothing when records are off. */
export function recordMediaChild(pid: number, program: string): { remove(): void } {
  const dir = folder;
  const start = dir === undefined ? undefined : processStartTime(pid);
  const ownerStart = processStartTime(process.pid);
  if (dir === undefined || start === undefined || ownerStart === undefined) return { remove: () => undefined };
  const record: ChildRecord = { pid, start, program, owner: process.pid, ownerStart };
  const file = path.join(dir, `${pid}-${start}.json`);
  try {
    // Written before the caller goes on: a kill a moment later still finds it.
    writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
  } catch {
    return { remove: () => undefined };
  }
  return { remove: () => rmSync(file, { force: true }) };
}

function readRecord(file: string): ChildRecord | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ChildRecord>;
    const { pid, start, program, owner, ownerStart } = value;
    if (typeof pid !== 'number' || typeof owner !== 'number') return undefined;
    if (typeof start !== 'string' || typeof program !== 'string' || typeof ownerStart !== 'string') return undefined;
    return { pid, start, program, owner, ownerStart };
  } catch {
    return undefined;
  }
}

/** From now on, this process's media programs are recorded in `dir` (a server's or worker's start, main.ts). */
export function recordMediaChildrenIn(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  folder = dir;
}

/**
 * At a server's or worker's start: kills the process groups of the media programs that servers gone since left
 * running (a record whose program still runs with the recorded start time and binary) and removes their records.
 * Answers the pids killed.
 */
export function reapMediaChildren(dir: string): number[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const killed: number[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    const record = readRecord(file);
    // A live server's program is its own to end (its owner is alive with the same start).
    if (record && processStartTime(record.owner) === record.ownerStart) continue;
    if (record && processStartTime(record.pid) === record.start && commandOf(record.pid) === record.program) {
      try {
        process.kill(-record.pid, 'SIGKILL');
        killed.push(record.pid);
      } catch {
        // Gone between the look and the kill.
      }
    }
    rmSync(file, { force: true });
  }
  return killed;
}

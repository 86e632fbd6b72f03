import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/**
 * The resident memory of another process, read from Linux's /proc, so a benchmark can watch the server it runs
 * as a child without counting its own memory.
 */

/** The first child of `parentPid` whose command line contains `needle`. */
export async function childPidOf(parentPid: number, needle: string): Promise<number | undefined> {
  const tasks = await readdir(`/proc/${parentPid}/task`).catch(() => [] as string[]);
  for (const task of tasks) {
    const children = await readFile(`/proc/${parentPid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const pid of children.split(' ').filter(Boolean).map(Number)) {
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (command.split('\0').some((part) => part.includes(needle))) return pid;
    }
  }
  return undefined;
}

/** A field of /proc/PID/status in MB (VmRSS: resident now; VmHWM: the most it was ever resident). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    const kb = Number(line?.replace(/\D+/g, ' ').trim().split(' ')[0]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface MemoryWatch {
  /** Starts a new window: its start is the resident size now. */
  reset(): void;
  /** Resident size at the window's start and the most seen since (sampled every 5 ms). */
  peak(): { startMb: number; peakMb: number };
  highWaterMb(): number;
  stop(): void;
}

export function watchMemory(pid: number): MemoryWatch {
  let startMb = statusMb(pid, 'VmRSS');
  let peakMb = startMb;
  const timer = setInterval(() => {
    const now = statusMb(pid, 'VmRSS');
    if (now > peakMb) peakMb = now;
  }, 5);
  timer.unref();
  return {
    reset() {
      startMb = statusMb(pid, 'VmRSS');
      peakMb = startMb;
    },
    peak: () => ({ startMb, peakMb: Math.max(peakMb, statusMb(pid, 'VmRSS')) }),
    highWaterMb: () => statusMb(pid, 'VmHWM'),
    stop: () => clearInterval(timer),
  };
}

/** Resident size of a process now, in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  const mb = statusMb(pid, 'VmRSS');
  return Number.isFinite(mb) ? mb : 0;
}

/** The direct children of a process (every thread's), read synchronously: a sampler must cost little. */
export function childrenOf(pid: number): number[] {
  const tasks = (() => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  return tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** The program a process runs (its command line's first word), '' once it is gone. */
export function programOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return '';
  }
}

/**
 * CPU seconds of a process (user + system) plus those of the children it has waited for (an ffmpeg run that
 * ended), from /proc/PID/stat; NaN once it is gone.
 */
export function cpuSecondsOf(pid: number): number {
  return statSeconds(pid, [11, 12, 13, 14]);
}

/** CPU seconds of a process itself (user + system), without its children's; NaN once it is gone. */
export function ownCpuSecondsOf(pid: number): number {
  return statSeconds(pid, [11, 12]);
}

function statSeconds(pid: number, indexes: number[]): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command, state is field 3: utime, stime, cutime, cstime (fields 14 to 17) are at 11 to 14.
    return indexes.reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

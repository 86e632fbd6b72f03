import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the work under way is still wanted, as an AbortSignal the media programs it starts obey
 * (platform/media/ffmpeg.ts kills a child's process group when the signal of the work that started it fires).
 * pg-boss 10 hands its handlers no signal and keeps no link to them: a job it expired, failed or cancelled, or a
 * process ended by someone else (the reaper), went on running its ffmpeg to the program's own time limit. Each
 * watcher asks its own question (is the job still active, is the process row still this attempt's) every few
 * seconds while the work runs: a poll, not LISTEN/NOTIFY, so a change made by any node, by hand in SQL or by
 * pg-boss's own maintenance (which notifies nobody) is seen, at one indexed read per running job per period.
 */

const scope = new AsyncLocalStorage<AbortSignal>();

/** How often a running job's watchers ask: a cancelled job's ffmpeg dies within this much time. */
export const JOB_WATCH_MS = 2000;

/** Why work was stopped: the job or the process it ran for is no longer this worker's. */
export class WorkNotWanted extends Error {
  override readonly name = 'WorkNotWanted';
}

/** The signal of the work running in this async context (undefined outside any watched work). */
export function currentWorkSignal(): AbortSignal | undefined {
  return scope.getStore();
}

/**
 * Runs `work` with a signal that fires once `stillWanted` answers false (asked every `everyMs` while the work runs)
 * or the enclosing watched work's signal fires. A failed question (the database briefly gone) stops nothing.
 */
export async function whileWanted<T>(
  stillWanted: () => Promise<boolean>,
  work: (signal: AbortSignal) => Promise<T>,
  everyMs: number = JOB_WATCH_MS,
): Promise<T> {
  const own = new AbortController();
  const outer = scope.getStore();
  const signal = outer ? AbortSignal.any([outer, own.signal]) : own.signal;
  let asking = false;
  const timer = setInterval(() => {
    if (asking || own.signal.aborted) return;
    asking = true;
    stillWanted()
      .then((wanted) => {
        if (!wanted) own.abort(new WorkNotWanted('the work is no longer wanted'));
      })
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  }, everyMs);
  timer.unref();
  try {
    return await scope.run(signal, () => work(signal));
  } finally {
    clearInterval(timer);
  }
}

import type PgBoss from 'pg-boss';

/** Jobs of these names share `count` lanes in one process: at most `count` of them run there at once, together. */
export interface SharedLanes {
  names: readonly string[];
  count: number;
}

export interface LanesHandle {
  /** A job of one of the names was just enqueued: idle lanes ask for it now instead of at their next poll. */
  wake(): void;
  /** Takes no new job; resolves once the running ones have ended, or after `waitMs` (pg-boss retries them later). */
  stop(waitMs: number): Promise<void>;
}

/**
 * `count` loops, each taking the next job of any of the names off pg-boss's queues when it is free. pg-boss 10's
 * `work` runs one job at a time per call and per name, so N calls per name would let one process run N of each name
 * at once; a lane here takes a job only when it can start it, so a job never waits in a busy process while another
 * worker is idle, and pg-boss's fetch (SKIP LOCKED) gives each job to one lane of one process only.
 */
export function startSharedLanes(
  boss: PgBoss,
  lanes: SharedLanes,
  run: (name: string, job: PgBoss.JobWithMetadata<never>) => Promise<object>,
  options: { pollMs: number; log: (msg: string, fields: Record<string, unknown>) => void },
): LanesHandle {
  let stopping = false;
  const sleeping = new Set<() => void>();
  // Wakes since each lane last began to fetch: a wake that comes while a lane is fetching (its query may have run
  // before the job was committed) must make it fetch again, not sleep a whole poll (pg-boss's own workers do so).
  let wakes = 0;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleeping.add(wake);
    });

  async function takeOne(first: number): Promise<boolean> {
    // Each turn starts at the next name, so a busy queue does not starve the others.
    for (let i = 0; i < lanes.names.length; i += 1) {
      const name = lanes.names[(first + i) % lanes.names.length]!;
      const [job] = await boss.fetch<never>(name, { batchSize: 1, includeMetadata: true });
      if (!job) continue;
      try {
        await boss.complete(name, job.id, await run(name, job));
      } catch (error) {
        // As pg-boss's own workers record a failed attempt; it retries the job by its retry settings.
        const failure = error instanceof Error ? { message: error.message, stack: error.stack } : { value: error };
        await boss.fail(name, job.id, failure);
      }
      return true;
    }
    return false;
  }

  async function lane(index: number): Promise<void> {
    let turn = index;
    while (!stopping) {
      let took = false;
      const wakesBefore = wakes;
      try {
        took = await takeOne(turn++);
      } catch (error) {
        options.log('Job lane error', { error: String(error) });
      }
      if (!took && !stopping && wakes === wakesBefore) await pause(options.pollMs);
    }
  }

  const running = Array.from({ length: lanes.count }, (_, i) => lane(i));
  return {
    wake() {
      wakes += 1;
      for (const wake of [...sleeping]) wake();
    },
    async stop(waitMs) {
      stopping = true;
      for (const wake of [...sleeping]) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(running),
        new Promise((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { startSharedLanes } from '../../src/platform/jobs/shared-lanes.ts';

/**
 * A wake that comes while a lane is fetching is not lost: the fetch may have run before the job was committed, so
 * the lane fetches again instead of sleeping a whole poll (here a minute, far past the test's time-out). The fake
 * queue answers the first fetch only once the wake has come, with nothing, as a query begun before the commit does.
 */
describe('shared lanes', () => {
  it('fetch again when woken during a fetch that found nothing', async () => {
    let fetches = 0;
    let woken: () => void = () => undefined;
    const wokenDuringFetch = new Promise<void>((resolve) => {
      woken = resolve;
    });
    const job = { id: 'j1', name: 'test.lane', data: {} } as PgBoss.JobWithMetadata<never>;
    const boss = {
      fetch: async () => {
        fetches += 1;
        if (fetches === 1) {
          await wokenDuringFetch;
          return [];
        }
        return fetches === 2 ? [job] : [];
      },
      complete: async () => undefined,
      fail: async () => undefined,
    } as unknown as PgBoss;
    const ran: string[] = [];
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const lanes = startSharedLanes(
      boss,
      { names: ['test.lane'], count: 1 },
      async (_name, taken) => {
        ran.push(taken.id);
        done();
        return {};
      },
      { pollMs: 60_000, log: () => undefined },
    );
    // The job is committed and its notice heard while the first fetch is under way.
    lanes.wake();
    woken();
    await finished;
    expect(ran).toEqual(['j1']);
    await lanes.stop(1000);
  }, 10_000);
});

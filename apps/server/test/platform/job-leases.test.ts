import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobLeases } from '../../src/platform/jobs/leases.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * The leases' one connection is shared by every lane of a worker (the listing link runs four at once): a query sent
 * while another is in flight is what pg 8 warns of ("client already executing a query") and pg 9 refuses.
 */
describe('job leases', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.drop();
  });

  it('send one query at a time on their connection when lanes hold and release at once', async () => {
    const busy: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const inner = this as unknown as { _activeQuery: unknown; _queryQueue: unknown[] };
      if (inner._activeQuery || inner._queryQueue.length > 0) busy.push(String(args[0]));
      return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    const leases = createJobLeases(database.url, () => undefined);
    const ids = ['a', 'b', 'c', 'd'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
    await Promise.all(ids.map((id) => leases.hold(id)));
    await Promise.all(ids.map((id) => leases.release(id)));
    await leases.close();
    expect(busy).toEqual([]);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { publicationsRepo } from '../../src/modules/publishing/repo.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { factory } from '../helpers/factory.ts';

/**
 * The viewer's row (asked at every buyer's page) as a named prepared statement: PostgreSQL plans it once per
 * connection, and every call still reads the rows as they are now. One connection, so the statements it holds can be
 * listed (`pg_prepared_statements` is the connection's own).
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let car: string;
let make: ReturnType<typeof factory>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 1).db;
  make = factory(db);
  const dealer = await make.signedIn();
  [car = ''] = await make.vehicles(dealer, { publication: 'published' });
  await publicationsRepo(db).insert({
    content_id: car,
    short_id: 'PrEpArEd01',
    base_url: 'http://x',
    token_secret: 's',
  });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const prepared = async () =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
    (r) => r.statement,
  );

describe('the viewer row', () => {
  it('is prepared once per form (with and without a tenant host), and only it', async () => {
    await publicationsRepo(db).findByShortId('PrEpArEd01');
    for (let i = 0; i < 3; i++) {
      expect(await publicationsRepo(db).viewerRow('PrEpArEd01', null)).toMatchObject({ content_id: car });
      expect(await publicationsRepo(db).viewerRow('PrEpArEd01', 'dealer.example')).toMatchObject({
        content_id: car,
        bound_domain_id: null,
      });
    }
    const statements = await prepared();
    expect(statements).toHaveLength(2);
    expect(statements.every((s) => s.includes('"publications" as "p"'))).toBe(true);
  });

  it('reads the vehicle as it is now at every call', async () => {
    expect(await publicationsRepo(db).viewerRow('PrEpArEd01', null)).toMatchObject({ publication: 'published' });
    await make.update.publication(car, 'unpublished');
    expect(await publicationsRepo(db).viewerRow('PrEpArEd01', null)).toMatchObject({ publication: 'unpublished' });
    expect(await publicationsRepo(db).viewerRow('NoSuchId01', null)).toBeUndefined();
  });
});

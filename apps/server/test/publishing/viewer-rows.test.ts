import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { openCluster } from '../contents/realtime-nodes.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import { factory, type SignedInUser } from '../helpers/factory.ts';
import { buildContents, manifestOf } from './publishing-helpers.ts';

/**
 * The viewer rows each node keeps in memory (publishing/viewer-rows.ts): what a buyer may see changes for every
 * node the moment the change commits, asked again at once (no wait, no second try), on the node that made it and on
 * another node on the same database (each with its own pool, its own LISTEN connection and its own kept rows, as two
 * `spinyard serve` processes have; started in this process, because a second server process cost the file 30 s),
 * whichever module or hand in SQL made it (the database NOTIFYs: migration 0027_viewer_rows_notify).
 */

let cluster: Awaited<ReturnType<typeof openCluster>>;
let dealer: SignedInUser;

beforeAll(async () => {
  cluster = await openCluster(2);
  dealer = await factory(cluster.nodes[0]!.db).signedIn();
}, 60_000);
afterAll(async () => {
  await cluster?.close();
});

const node = () => cluster.nodes[0]!;
const other = () => cluster.nodes[1]!;

/** The status (and error code) of a short id's manifest on both nodes, asked at the same moment. */
async function onBoth(shortId: string): Promise<string[]> {
  const answers = await Promise.all([manifestOf(node().app, shortId), manifestOf(other().app, shortId)]);
  return answers.map(({ statusCode, body }) =>
    statusCode === 200 ? '200' : `${statusCode} ${(JSON.parse(body) as { error: { code: string } }).error.code}`,
  );
}

async function published(): Promise<{ id: string; shortId: string }> {
  const [id = ''] = await factory(node().db).vehicles(dealer);
  await seedExterior({ db: node().db, dir: cluster.dir }, id, { rows: [2], width: 64, height: 36 });
  const built = await buildContents(node().app, dealer, id);
  expect(built.statusCode, built.body).toBe(200);
  const shortId = built.json().short_id as string;
  // Asked twice on each node: the second answer comes from what the node kept.
  expect(await onBoth(shortId)).toEqual(['200', '200']);
  expect(await onBoth(shortId)).toEqual(['200', '200']);
  return { id, shortId };
}

describe('a change of what buyers may see', () => {
  it('reaches both nodes at once: unpublished, published again, put to sleep, deleted', async () => {
    const { id, shortId } = await published();
    const api = contentApi(node().app, dealer);
    expect((await api.post(`/contents/private/${id}`)).statusCode).toBe(200);
    expect(await onBoth(shortId)).toEqual(['404 content_not_published', '404 content_not_published']);
    expect((await buildContents(node().app, dealer, id)).statusCode).toBe(200);
    expect(await onBoth(shortId)).toEqual(['200', '200']);
    // Made by hand in SQL, on neither node's pool: the database itself tells both.
    await sql`update contents set publication = 'sleeping' where id = ${id}`.execute(node().db);
    expect(await onBoth(shortId)).toEqual(['404 content_sleeping', '404 content_sleeping']);
    await sql`update contents set publication = 'published' where id = ${id}`.execute(node().db);
    expect(await onBoth(shortId)).toEqual(['200', '200']);
    expect((await api.delete(`/contents/${id}`)).statusCode).toBe(200);
    expect(await onBoth(shortId)).toEqual(['410 content_deleted', '410 content_deleted']);
  });

  it('is what a node forgets by: without the notice it keeps serving what it read (the nodes do keep rows)', async () => {
    const { id, shortId } = await published();
    await sql`alter table contents disable trigger contents_viewer_rows`.execute(node().db);
    try {
      await sql`update contents set publication = 'unpublished' where id = ${id}`.execute(node().db);
      expect(await onBoth(shortId)).toEqual(['200', '200']);
    } finally {
      await sql`alter table contents enable trigger contents_viewer_rows`.execute(node().db);
    }
    // Any later change of the watched tables makes every node forget everything it kept.
    await sql`update publications set token_secret = token_secret where short_id = ${shortId}`.execute(node().db);
    expect(await onBoth(shortId)).toEqual(['404 content_not_published', '404 content_not_published']);
  });

  it('is never missed across a lost LISTEN connection: what a node kept before it is not served after', async () => {
    const { id, shortId } = await published();
    const listeners = sql<{ pid: number }>`select pid from pg_stat_activity
      where application_name = 'spinyard-realtime' and datname = current_database()`;
    const pids = async () => (await listeners.execute(node().db)).rows.map((r) => r.pid);
    await expect.poll(pids, { timeout: 10_000 }).toHaveLength(2);
    const before = await pids();
    // Both nodes' LISTEN connections cut; a notice sent while they were down would be lost: none is sent at all.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'spinyard-realtime' and datname = current_database()`.execute(node().db);
    await expect
      .poll(async () => (await pids()).filter((pid) => !before.includes(pid)), { timeout: 10_000 })
      .toHaveLength(2);
    await sql`alter table contents disable trigger contents_viewer_rows`.execute(node().db);
    try {
      await sql`update contents set publication = 'unpublished' where id = ${id}`.execute(node().db);
      expect(await onBoth(shortId)).toEqual(['404 content_not_published', '404 content_not_published']);
    } finally {
      await sql`alter table contents enable trigger contents_viewer_rows`.execute(node().db);
    }
  });
});

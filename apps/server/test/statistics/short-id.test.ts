import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicationsRepo } from '../../src/modules/publishing/repo.ts';
import { statisticsJobs, sweepVisitorsJob } from '../../src/modules/statistics/jobs.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * The viewer names its vehicle by the short id of its address: a published one counts; an unknown short id or a
 * vehicle buyers cannot see is ignored (204, nothing counted, nothing told). And the nightly job that deletes past
 * days' visitors and secrets.
 */

const t = useTestApp();
const PATH = '/api/viewer/v0/moments';
let owner: SignedInUser;
let seq = 0;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant(), privilege_type: 'super' });
});

/** A vehicle in a publication state with a public address (as the publishing area makes it). */
async function withAddress(publication: string): Promise<{ id: string; shortId: string }> {
  const [id] = (await t.make.vehicles(owner, { publication: publication as 'published' })) as [string];
  seq += 1;
  const shortId = `Sh${String(seq).padStart(3, '0')}${randomBytes(3).toString('hex').slice(0, 5)}`.slice(0, 10);
  expect(
    await publicationsRepo(t.db).insert({
      content_id: id,
      short_id: shortId,
      base_url: 'http://console.test',
      token_secret: randomBytes(32).toString('base64url'),
    }),
  ).toBe(true);
  return { id, shortId };
}

const post = (body: unknown, ip = '198.51.100.40') =>
  t.app.inject({
    method: 'POST',
    url: PATH,
    remoteAddress: ip,
    headers: { 'user-agent': 'Mozilla/5.0 test', 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  });

async function total(contentId?: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(sum(count), 0)::int as n from statistic_counts
    where ${contentId === undefined ? sql`true` : sql`content_id = ${contentId}`}`.execute(t.db);
  return rows[0]?.n ?? 0;
}

describe('events by short id', () => {
  it('counts a published vehicle and a limited public one named by their short ids', async () => {
    for (const state of ['published', 'limited_public']) {
      const v = await withAddress(state);
      const res = await post({ short_id: v.shortId, kind: 'view' });
      expect(res.statusCode, res.body).toBe(204);
      expect(await total(v.id)).toBe(1);
    }
  });

  it.each(['unpublished', 'sleeping', 'deleted'])('ignores a %s vehicle: 204, nothing counted', async (state) => {
    const v = await withAddress(state);
    const res = await post({ short_id: v.shortId, kind: 'spin' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await total(v.id)).toBe(0);
  });

  it('ignores an unknown short id the same way; a malformed one is still a 422 naming short_id', async () => {
    const before = await total();
    const res = await post({ short_id: 'Zz9Zz9Zz9Z', kind: 'view' });
    expect(res.statusCode).toBe(204);
    expect(await total()).toBe(before);
    const bad = await post({ short_id: 'x<script>', kind: 'view' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toContain('short_id');
  });

  it('still answers 404 for an unknown content id (the dealer-side name)', async () => {
    expect((await post({ content_id: '987654321', kind: 'view' })).statusCode).toBe(404);
  });
});

describe('the nightly sweep of visitors and secrets', () => {
  const ctx = () => ({
    db: t.db,
    store: createDiskBlobStore(t.dir),
    media: createMedia(),
    log: () => undefined,
  });

  it('deletes the rows of days before today in Japan, keeps today, and skips when there is nothing', async () => {
    const v = await withAddress('published');
    for (const day of ['2031-01-01', '2031-01-02']) {
      await t.make.update.statisticVisitorDay(day, v.id, randomBytes(32), randomBytes(16));
    }
    // 2031-01-01 23:30 UTC is 2031-01-02 08:30 in Japan: "today" is the 2nd.
    const jobs = statisticsJobs(ctx(), { now: () => new Date('2031-01-01T23:30:00Z') });
    expect(jobs.definitions.map((d) => d.name)).toEqual([sweepVisitorsJob.name]);
    expect(sweepVisitorsJob.schedule).toMatchObject({ tz: 'Asia/Tokyo' });
    // The handler as pg-boss calls it: the schedule's empty payload and the job.
    const run = jobs.handlers[sweepVisitorsJob.name] as unknown as (payload: object, job: object) => Promise<string>;
    expect(await run({}, { id: 'j1', retryCount: 0 })).toBe('success');
    const days = async (table: 'statistic_secrets' | 'statistic_visitors') =>
      (
        await sql<{ day: string }>`select to_char(day, 'YYYY-MM-DD') as day from ${sql.table(table)}`.execute(t.db)
      ).rows.map((r) => r.day);
    expect(await days('statistic_secrets')).toEqual(['2031-01-02']);
    expect(await days('statistic_visitors')).toEqual(['2031-01-02']);
    expect(await run({}, { id: 'j2', retryCount: 0 })).toBe('skipped');
  });
});

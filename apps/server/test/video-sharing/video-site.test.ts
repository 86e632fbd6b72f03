import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsContext } from '../../src/modules/context.ts';
import { uploadJob, videoSharingJobs } from '../../src/modules/video-sharing/jobs.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { createYoutubeSharing } from '../../src/platform/video-sharing/youtube.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, type FakeYoutube, startFakeYoutube } from '../helpers/fake-youtube.ts';
import { multipart } from '../helpers/multipart.ts';
import { useTempDir } from '../helpers/temp-dir.ts';

/**
 * The `/youtube` calls and the video-site operations on a vehicle, through the YouTube adapter and the fake YouTube:
 * consent bound to the user, tokens sealed at rest, an upload surviving three dropped connections, the tag and
 * thumbnail limits, the service's refusals kept as the reason the console shows, update, reorder, delete, revoke.
 */

const API = '/api/browser/v0';
const UNIT = 256 * 1024;
const media = useTempDir('video-site-media');
let fake: FakeYoutube;
const store = () => createDiskBlobStore(path.join(media.path, 'store'));

beforeAll(async () => {
  fake = await startFakeYoutube();
});
afterAll(() => fake?.close());

const t = useTestApp({
  get store() {
    return store();
  },
  get videoSharing() {
    return createYoutubeSharing({ clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET, urls: fake.urls });
  },
});

let owner: SignedInUser;
let other: SignedInUser;
let vehicle: string;
const file = randomBytes(4 * UNIT + 777);

const as = (who: SignedInUser, request: InjectOptions): InjectOptions => ({
  ...request,
  headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` },
});
const call = (who: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject(
    as(who, { method, url: `${API}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );

/** An original video of the vehicle, as the slider area keeps it. */
async function originalVideo(contentId: string, bytes: Buffer): Promise<string> {
  const key = `contents/${contentId}/movies/${randomBytes(8).toString('hex')}.mp4`;
  await store().put(key, bytes);
  const row = await t.db
    .insertInto('original_movies')
    .values({
      content_id: contentId,
      movie_order: 0,
      movie: JSON.stringify({ key, bytes: bytes.length }),
      file_name: 'a.mp4',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function connect(who: SignedInUser) {
  const authorize = await call(who, 'GET', '/youtube/authorize');
  expect(authorize.statusCode, authorize.body).toBe(200);
  const consent = await fetch(authorize.json().url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

beforeAll(async () => {
  owner = await t.make.signedIn();
  other = await t.make.signedIn();
  [vehicle] = (await t.make.vehicles(owner)) as [string];
});

const upload = (sourceId: string, extra: Record<string, unknown> = {}) =>
  call(owner, 'POST', `/contents/${vehicle}/video-site`, {
    source_kind: 'original_video',
    source_id: sourceId,
    title: 'プリウス 2019',
    tags: ['hybrid', 'prius'],
    ...extra,
  });

describe('video-site account', () => {
  it('refuses an upload before the channel is connected', async () => {
    const res = await upload(await originalVideo(vehicle, file));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('video_sharing_not_connected');
  });

  it("binds the consent to the user who asked: another user's state is refused", async () => {
    const { code } = await connect(owner);
    const { state: othersState } = await connect(other);
    const res = await call(owner, 'POST', '/youtube/callback', { code, state: othersState });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('video_sharing_state_invalid');
  });

  it('connects, keeps the tokens sealed, and reads channel, token info, playlists, languages, categories', async () => {
    const { code, state } = await connect(owner);
    const res = await call(owner, 'POST', '/youtube/callback', { code, state });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connected: true, site: 'youtube', channel: { title: 'Fake Motors' } });
    const row = await t.db.selectFrom('video_sharing_accounts').selectAll().executeTakeFirstOrThrow();
    expect(row.tokens_sealed).toMatch(/^v1\./);
    for (const token of fake.liveTokens()) expect(row.tokens_sealed).not.toContain(token);
    expect(JSON.stringify(row)).not.toMatch(/ya29\.|1\/\//);
    expect((await call(owner, 'GET', '/youtube/channel')).json()).toMatchObject({ title: 'Fake Motors' });
    expect((await call(owner, 'GET', '/youtube/token-info')).json().scope).toContain('youtube.upload');
    expect((await call(owner, 'GET', '/youtube/playlists')).json().items).toHaveLength(2);
    const languages = (await call(owner, 'GET', '/youtube/languages?hl=ja')).json().items;
    expect(languages).toContainEqual({ id: 'en', title: '英語' });
    const categories = (await call(owner, 'GET', '/youtube/categories?region=JP&hl=en')).json().items;
    expect(categories.map((c: { id: string }) => c.id)).toEqual(['2', '22']);
    fake.setChannel(false);
    expect((await call(owner, 'GET', '/youtube/channel')).json().error.code).toBe('video_sharing_no_channel');
    fake.setChannel(true);
  });
});

describe('video-site operations on a vehicle', () => {
  let rowId = '';
  it('uploads an original video through three dropped connections, into the playlist', async () => {
    const source = await originalVideo(vehicle, file);
    const playlist = (await call(owner, 'GET', '/youtube/playlists')).json().items[0].id;
    for (const at of [300_000, 600_000, 900_000]) fake.inject('chunk', { kind: 'drop', atOffset: at });
    const before = fake.bytesReceived();
    const res = await upload(source, { playlist_id: playlist, description: 'A walk around' });
    expect(res.statusCode, res.body).toBe(201);
    rowId = res.json().id;
    const row = (await call(owner, 'GET', `/contents/${vehicle}/video-site`))
      .json()
      .items.find((v: { id: string }) => v.id === rowId);
    expect(row).toMatchObject({ status: 'done', bytes_sent: file.length, bytes_total: file.length, error_code: null });
    expect(row.video_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(row.url).toBe(`https://www.youtube.com/watch?v=${row.video_id}`);
    const stored = fake.videos.get(row.video_id);
    expect(stored?.body.equals(file)).toBe(true);
    expect(stored?.playlists).toEqual([playlist]);
    expect(stored?.resource.snippet).toMatchObject({ title: 'プリウス 2019', tags: ['hybrid', 'prius'] });
    // Each drop resent only what arrived past the last 256 KiB the service kept.
    expect(fake.bytesReceived() - before - file.length).toBeLessThan(3 * UNIT);
  });

  it("uploads the vehicle's promo, named by its kind (the content movie the console offers first)", async () => {
    const promo = randomBytes(UNIT + 777);
    const key = `contents/${vehicle}/movies/slider-1080.mp4`;
    await store().put(key, promo);
    await t.db
      .insertInto('content_movies')
      .values({ content_id: vehicle, kind: 'slider', status: 'ready', inputs_hash: 'h', file_1080_key: key })
      .execute();
    const res = await call(owner, 'POST', `/contents/${vehicle}/video-site`, {
      source_kind: 'content_movie',
      source_id: 'slider',
      title: 'プロモーション動画',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ source_kind: 'content_movie', source_id: 'slider' });
    const row = (await call(owner, 'GET', `/contents/${vehicle}/video-site`))
      .json()
      .items.find((v: { id: string }) => v.id === res.json().id);
    expect(row).toMatchObject({ status: 'done', bytes_sent: promo.length });
    expect(fake.videos.get(row.video_id)?.body.equals(promo)).toBe(true);
  });

  it('refuses tags over 500 characters in total, naming the field', async () => {
    const tags = Array.from({ length: 51 }, (_, i) => `tag${String(i).padStart(6, '0')}`);
    const res = await upload('1', { tags });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toContainEqual(expect.objectContaining({ field: 'tags', rule: 'max_length' }));
  });

  it('sets a thumbnail of 2 MB at most, JPEG or PNG by content', async () => {
    const url = `${API}/contents/${vehicle}/video-site/${rowId}/thumbnail`;
    const send = (data: Buffer) =>
      t.app.inject(as(owner, { method: 'POST', url, ...multipart({}, { data, name: 't.jpg' }) }));
    expect((await send(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(2 * 1024 * 1024)]))).statusCode).toBe(
      413,
    );
    expect((await send(Buffer.from('plain text'))).statusCode).toBe(415);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]);
    const res = await send(jpeg);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().has_thumbnail).toBe(true);
    expect(fake.videos.get(res.json().video_id)?.thumbnail?.equals(jpeg)).toBe(true);
  });

  it("keeps the service's refusal as the reason, and a resumed upload goes on from the stored session", async () => {
    fake.inject('start', { kind: 'status', status: 403, reason: 'quotaExceeded' });
    const refused = await upload(await originalVideo(vehicle, file));
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ status: 'failed', error_code: 'quotaExceeded' });
    // A drop, then a second one before anything more arrived: the upload stops, its session kept.
    fake.inject('chunk', { kind: 'drop', atOffset: 2 * UNIT + 10 });
    fake.inject('chunk', { kind: 'drop', atOffset: 2 * UNIT + 20 });
    const resumeUrl = `/contents/${vehicle}/video-site/${refused.json().id}/resume`;
    const lost = await call(owner, 'POST', resumeUrl);
    expect(lost.json()).toMatchObject({ status: 'failed', error_code: 'connectionLost', bytes_sent: 2 * UNIT });
    const before = fake.bytesReceived();
    const done = await call(owner, 'POST', resumeUrl);
    expect(done.json()).toMatchObject({ status: 'done', error_code: null });
    expect(fake.bytesReceived() - before).toBe(file.length - 2 * UNIT);
    fake.inject('start', { kind: 'status', status: 400, reason: 'uploadLimitExceeded' });
    expect((await upload(await originalVideo(vehicle, file))).json().error_code).toBe('uploadLimitExceeded');
  });

  it('takes an upload up again after a restart: the job reads the stored session and sends only the rest', async () => {
    fake.inject('chunk', { kind: 'drop', atOffset: UNIT + 10 });
    fake.inject('chunk', { kind: 'drop', atOffset: UNIT + 20 });
    const first = await upload(await originalVideo(vehicle, file));
    expect(first.json()).toMatchObject({ status: 'failed', bytes_sent: UNIT });
    const id: string = first.json().id;
    // As a worker that died mid-upload leaves it; the job leases hand the job to another worker.
    await t.db
      .updateTable('video_site_videos')
      .set({ status: 'uploading', error_code: null })
      .where('id', '=', id)
      .execute();
    const context = {
      db: t.db,
      store: store(),
      log: () => undefined,
      videoSharing: createYoutubeSharing({
        clientId: FAKE_CLIENT_ID,
        clientSecret: FAKE_CLIENT_SECRET,
        urls: fake.urls,
      }),
    } as unknown as JobsContext;
    const handler = videoSharingJobs(context).handlers[uploadJob.name] as (p: { id: string }) => Promise<string>;
    const before = fake.bytesReceived();
    expect(await handler({ id })).toBe('success');
    expect(fake.bytesReceived() - before).toBe(file.length - UNIT);
    const row = (await call(owner, 'GET', `/contents/${vehicle}/video-site`))
      .json()
      .items.find((v: { id: string }) => v.id === id);
    expect(row).toMatchObject({ status: 'done', bytes_sent: file.length });
    expect(fake.videos.get(row.video_id)?.body.equals(file)).toBe(true);
  });

  it('updates at the service, reorders, and deletes from the service and the vehicle', async () => {
    const update = await call(owner, 'POST', `/contents/${vehicle}/video-site/${rowId}`, {
      title: 'New title',
      privacy: 'unlisted',
      tags: ['a b'],
    });
    expect(update.statusCode, update.body).toBe(200);
    const videoId = update.json().video_id;
    expect(fake.videos.get(videoId)?.resource).toMatchObject({
      snippet: { title: 'New title', tags: ['a b'] },
      status: { privacyStatus: 'unlisted' },
    });
    const ids = (await call(owner, 'GET', `/contents/${vehicle}/video-site`))
      .json()
      .items.map((v: { id: string }) => v.id);
    const reordered = await call(owner, 'POST', `/contents/${vehicle}/video-site/order`, { ids: [...ids].reverse() });
    expect(reordered.json().items.map((v: { id: string }) => v.id)).toEqual([...ids].reverse());
    expect((await call(owner, 'POST', `/contents/${vehicle}/video-site/order`, { ids: [ids[0]] })).statusCode).toBe(
      422,
    );
    const removed = await call(owner, 'DELETE', `/contents/${vehicle}/video-site/${rowId}`);
    expect(removed.statusCode).toBe(200);
    expect(fake.videos.has(videoId)).toBe(false);
    expect(removed.json().items.map((v: { id: string }) => v.id)).not.toContain(rowId);
  });

  it('follows the lock rules: a vehicle being copied refuses every video-site operation, a blur does not', async () => {
    const [copying] = (await t.make.vehicles(owner, { process: 'running', processName: 'copy' })) as [string];
    const source = await originalVideo(copying, file);
    const body = { source_kind: 'original_video', source_id: source, title: 'x' };
    const refused = await call(owner, 'POST', `/contents/${copying}/video-site`, body);
    expect(refused.json().error).toMatchObject({ code: 'content_locked', params: { process: 'copy' } });
    const order = await call(owner, 'POST', `/contents/${copying}/video-site/order`, { ids: ['1'] });
    expect(order.json().error.code).toBe('content_locked');
    const [blurring] = (await t.make.vehicles(owner, { process: 'running', processName: 'blur' })) as [string];
    const allowed = await call(owner, 'POST', `/contents/${blurring}/video-site`, {
      ...body,
      source_id: await originalVideo(blurring, file),
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it("hides another tenant's vehicle", async () => {
    const res = await call(other, 'GET', `/contents/${vehicle}/video-site`);
    expect(res.statusCode).toBe(404);
  });

  it('revokes the grant at the service and forgets the tokens', async () => {
    const res = await call(owner, 'POST', '/youtube/revoke');
    expect(res.json()).toMatchObject({ connected: false });
    expect(
      await t.db.selectFrom('video_sharing_accounts').selectAll().where('user_id', '=', owner.id).execute(),
    ).toEqual([]);
  });
});

import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipart } from '../helpers/multipart.ts';

/**
 * Tenant isolation of video sharing: the `/youtube` calls act only on the caller's own account (another user's
 * consent state is refused, and a user without a channel reaches none), and every video-site operation on another
 * tenant's vehicle answers 404 and changes nothing. The local video site (the default adapter) answers.
 */

const t = useTestApp();
let a: SignedInUser;
let b: SignedInUser;
let vehicle: string;

const as = (who: SignedInUser, method: InjectOptions['method'], url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${who.contentToken}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  a = await t.make.signedIn();
  b = await t.make.signedIn();
  [vehicle] = (await t.make.vehicles(a)) as [string];
});

describe('video-sharing isolation', () => {
  it("refuses a consent state made for another user, and reaches no one else's account", async () => {
    const authorize = await as(a, 'GET', '/api/browser/v0/youtube/authorize');
    const state = new URL(authorize.json().url, 'http://x').searchParams.get('state') ?? '';
    const stolen = await as(b, 'POST', '/api/browser/v0/youtube/callback', { code: 'x', state });
    expect(stolen.json().error.code).toBe('video_sharing_state_invalid');
    expect((await as(b, 'GET', '/api/browser/v0/youtube')).json()).toMatchObject({ connected: false });
    for (const path of [
      '/api/browser/v0/youtube/token-info',
      '/api/browser/v0/youtube/channel',
      '/api/browser/v0/youtube/playlists',
      '/api/browser/v0/youtube/languages',
      '/api/browser/v0/youtube/categories',
    ]) {
      expect((await as(b, 'GET', path)).json().error.code).toBe('video_sharing_not_connected');
    }
    expect((await as(b, 'POST', '/api/browser/v0/youtube/revoke')).json()).toMatchObject({ connected: false });
  });

  it("answers 404 for every operation on another tenant's vehicle", async () => {
    const [row] = await t.db
      .insertInto('video_site_videos')
      .values({ content_id: vehicle, user_id: a.id, source_kind: 'original_video', source_id: '1', title: 'A' })
      .returning('id')
      .execute();
    const id = row?.id ?? '';
    const body = { title: 'B' };
    const tries: [InjectOptions['method'], string, object?][] = [
      ['GET', `/api/browser/v0/contents/${vehicle}/video-site`],
      [
        'POST',
        `/api/browser/v0/contents/${vehicle}/video-site`,
        { source_kind: 'original_video', source_id: '1', title: 'B' },
      ],
      ['POST', `/api/browser/v0/contents/${vehicle}/video-site/order`, { ids: [id] }],
      ['POST', `/api/browser/v0/contents/${vehicle}/video-site/${id}`, body],
      ['POST', `/api/browser/v0/contents/${vehicle}/video-site/${id}/resume`],
      ['DELETE', `/api/browser/v0/contents/${vehicle}/video-site/${id}`],
    ];
    for (const [method, url, payload] of tries) {
      const res = await as(b, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const form = multipart({}, { data: jpeg, name: 't.jpg' });
    const thumbnail = await t.app.inject({
      method: 'POST',
      url: `/api/browser/v0/contents/${vehicle}/video-site/${id}/thumbnail`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${b.contentToken}` },
    });
    expect(thumbnail.statusCode).toBe(404);
    const kept = await t.db.selectFrom('video_site_videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ title: 'A', deleted_at: null });
  });
});

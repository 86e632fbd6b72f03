import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { createUpload, patchUpload, serve } from './tus-client.ts';

/** `GET /session/start` and `DELETE /exterior/{id}/session`: the uploads of one visit of the exterior editor. */

const t = useTestApp();
let base: string;
let owner: SignedInUser;

beforeAll(async () => {
  base = await serve(t.app);
  owner = await t.make.signedIn({ privilege_type: 'super' });
});

async function created(content: string): Promise<string> {
  const res = await createUpload(base, owner.contentToken, content, 1000);
  expect(res.status, await res.clone().text()).toBe(201);
  return (res.headers.get('location') ?? '').split('/').at(-1) as string;
}

const statusOf = async (id: string) =>
  (await t.db.selectFrom('uploads').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('an exterior upload session', () => {
  it("cancels the uploads started in it and deletes their bytes, and only the caller's, on that vehicle", async () => {
    const [car] = (await t.make.vehicles(owner)) as [string];
    const api = contentApi(t.app, owner);
    const before = await created(car);

    const opened = await api.get(`/session/start?contentsID=${car}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json();
    expect(session).toMatchObject({ content_id: car, upload_limit: 10, uploads_in_use: 1 });
    expect(session.upload_path).toBe('/uploads/videos');
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.parse(session.started_at));

    const partial = await created(car);
    expect((await patchUpload(base, owner.contentToken, partial, 0, Buffer.alloc(400))).status).toBe(204);
    const empty = await created(car);
    const bytesOf = (id: string) => path.join(t.dir, 'uploads', id);
    expect(existsSync(bytesOf(partial))).toBe(true);

    const url = `/exterior/${car}/session?sessionID=${session.session_id}`;
    const canceled = await api.delete(url);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toEqual({ canceled: [partial, empty], taken: [] });
    expect(await statusOf(partial)).toBe('canceled');
    expect(existsSync(bytesOf(partial))).toBe(false);
    // The upload started before the session is not the session's.
    expect(await statusOf(before)).toBe('requested');
    expect((await api.delete(url)).json()).toEqual({ canceled: [], taken: [] });

    // Another vehicle's, a forged, a malformed session; another tenant.
    const [other] = (await t.make.vehicles(owner)) as [string];
    const elsewhere = await api.delete(`/exterior/${other}/session?sessionID=${session.session_id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.params).toEqual({ reason: 'upload_session_not_found' });
    const [start, expires] = session.session_id.split('.');
    expect(
      (await api.delete(`/exterior/${car}/session?sessionID=${start}.${expires}.${'A'.repeat(22)}`)).statusCode,
    ).toBe(404);
    expect((await api.delete(`/exterior/${car}/session?sessionID=nope`)).statusCode).toBe(422);
    const stranger = contentApi(t.app, await t.make.signedIn());
    expect((await stranger.get(`/session/start?contentsID=${car}`)).statusCode).toBe(404);
    expect((await stranger.delete(url)).statusCode).toBe(404);
  });
});

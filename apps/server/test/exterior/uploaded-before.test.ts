import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { clipBytes, mp4 } from '../helpers/clips.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { createUpload, patchUpload, serve } from '../uploads/tus-client.ts';

/**
 * `GET /exterior/{id}/uploaded_before`: a second upload of the same video is named, on the same vehicle or another
 * one of the tenant, from the SHA-256 the server records when an upload is whole (real tus uploads here). Another
 * tenant's identical file is never named.
 */

const t = useTestApp();
/** The running app's address, and the one video every upload here sends (its SHA-256 as the console makes it). */
const run = { base: '', video: Buffer.alloc(0), sha: '' };

beforeAll(async () => {
  const video = await clipBytes('walk', mp4('320x180', 2, 10));
  Object.assign(run, { base: await serve(t.app), video, sha: createHash('sha256').update(video).digest('hex') });
});

/** The whole video sent through tus to `car` as `name`: the upload's id. */
async function uploaded(who: SignedInUser, car: string, name: string): Promise<string> {
  const { base, video } = run;
  const created = await createUpload(base, who.contentToken, car, video.length, { filename: name });
  expect(created.status, await created.clone().text()).toBe(201);
  const id = (created.headers.get('location') ?? '').split('/').at(-1) as string;
  const sent = await patchUpload(base, who.contentToken, id, 0, video);
  expect(sent.status, await sent.clone().text()).toBe(204);
  return id;
}

const ask = (who: SignedInUser, car: string, query: string) =>
  contentApi(t.app, who).get(`/exterior/${car}/uploaded_before?${query}`);

describe('a video uploaded before', () => {
  it('names the first upload of the same bytes in the tenant, on this vehicle or another, never another tenant’s', async () => {
    const { sha } = run;
    const dealer = await t.make.signedIn({ privilege_type: 'super' });
    const [first, second] = (await t.make.vehicles(dealer, { count: 2 })) as [string, string];
    const none = { uploaded_at: null, file_name: null, content_id: null, car_name: null };
    expect((await ask(dealer, first, `sha256=${sha}`)).json()).toEqual(none);

    // A stranger (another tenant) uploads the very same file first: never named to the dealer.
    const stranger = await t.make.signedIn({ privilege_type: 'super' });
    const [theirs] = (await t.make.vehicles(stranger)) as [string];
    await uploaded(stranger, theirs, 'theirs.mp4');
    expect((await ask(dealer, first, `sha256=${sha}`)).json()).toEqual(none);

    // The first spin's upload is named on the second vehicle (not only from a second spin of the same one).
    const firstId = await uploaded(dealer, first, 'walkaround.mp4');
    const row = await t.db
      .selectFrom('uploads as u')
      .innerJoin('contents as c', 'c.id', 'u.content_id')
      .select(['u.created_at', 'u.sha256', 'c.car_name'])
      .where('u.id', '=', firstId)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha);
    const named = await ask(dealer, second, `sha256=${sha}`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({
      uploaded_at: row.created_at.toISOString(),
      file_name: 'walkaround.mp4',
      content_id: first,
      car_name: row.car_name,
    });
    // Asked by the upload itself once it is whole: not its own earlier upload.
    expect((await ask(dealer, first, `sha256=${sha}&except_upload=${firstId}`)).json()).toEqual(none);
    // The stranger still sees only their own upload, never the dealer's vehicle.
    expect((await ask(stranger, theirs, `sha256=${sha}`)).json().content_id).toBe(theirs);

    // Other bytes, another tenant's vehicle asked about, a malformed hash or upload id.
    expect((await ask(dealer, first, `sha256=${'b'.repeat(64)}`)).json()).toEqual(none);
    expect((await ask(stranger, first, `sha256=${sha}`)).statusCode).toBe(404);
    for (const query of ['sha256=not-a-hash', `sha256=${sha}&except_upload=x`]) {
      const bad = await ask(dealer, first, query);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.code).toBe('validation_failed');
    }
  });
});

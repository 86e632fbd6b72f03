import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { refusedFields } from '../helpers/http.ts';
import { callerOf } from '../helpers/isolation.ts';
import { multipart } from '../helpers/multipart.ts';
import { tone } from '../hotspots/fixtures.ts';

/**
 * A domain's own background music: uploaded (mp3, m4a, wav judged by content, 20 MB, 120 s, 422 naming the file),
 * searched with the product's tracks by title, genre, mood and tempo, played through a signed URL, deleted by its
 * uploader or a head of the domain unless a vehicle's video settings choose it; and never listed, played or
 * deleted by another domain (isolation-coverage.test.ts finds /audio-library here).
 */

const t = useTestApp();
let superA: SignedInUser;
let normalA: SignedInUser;
let superB: SignedInUser;

const as = callerOf(t);

const upload = (who: SignedInUser, fields: Record<string, string>, data: Buffer, name: string) => {
  const body = multipart(fields, { data, name, type: 'audio/mpeg' });
  return as(who, {
    method: 'POST',
    url: `/api/browser/v0/audio-library`,
    payload: body.payload,
    headers: body.headers,
  });
};
const list = (who: SignedInUser, query = '') =>
  as(who, { method: 'GET', url: `/api/browser/v0/audio-library?${query}` });

beforeAll(async () => {
  const tenantA = await t.make.tenant();
  superA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super' });
  normalA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'normal' });
  superB = await t.make.signedIn({ privilege_type: 'super' });
});

describe('uploads', () => {
  it('keeps an mp3 and a wav (as m4a) with their facts, found by title, genre, mood and tempo', async () => {
    const mp3 = await upload(
      normalA,
      { title: 'Our jingle', genre: 'pop', mood: 'bright', tempo: '120' },
      await tone('mp3', 2),
      'a.mp3',
    );
    expect(mp3.statusCode).toBe(201);
    expect(mp3.json()).toMatchObject({
      source: 'upload',
      format: 'mp3',
      genre: 'pop',
      tempo_bpm: 120,
      can_delete: true,
    });
    expect(mp3.json().duration_seconds).toBeCloseTo(2, 0);
    const wav = await upload(
      superA,
      { title: 'Showroom loop', genre: '', mood: 'calm', tempo: '' },
      await tone('wav', 2),
      'b.wav',
    );
    expect(wav.statusCode).toBe(201);
    expect(wav.json()).toMatchObject({ format: 'm4a', genre: '', mood: 'calm', tempo_bpm: null });

    const byTitle = (await list(normalA, 'q=jingle')).json();
    expect(byTitle.items.map((i: { title: string }) => i.title)).toEqual(['Our jingle']);
    expect((await list(normalA, 'mood=calm&source=upload')).json().total).toBe(1);
    expect((await list(normalA, 'genre=pop&tempo_min=100&tempo_max=130&source=upload')).json().total).toBe(1);
    expect((await list(normalA, 'tempo_min=121&source=upload')).json().total).toBe(0);
    const all = (await list(normalA)).json();
    expect(all.library).toEqual({ total: 24, ready: 0 });
    // The normal user may not delete the super's upload; the super may delete both.
    expect(all.items.find((i: { title: string }) => i.title === 'Showroom loop').can_delete).toBe(false);

    const played = await t.app.inject({ method: 'GET', url: mp3.json().url });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    const unsigned = await t.app.inject({ method: 'GET', url: mp3.json().url.split('?')[0] });
    expect(unsigned.statusCode).toBe(404);
  });

  it.each([
    ['a text file named .mp3', Buffer.from('not music at all\n'.repeat(100)), 'format'],
    ['a video with a picture', 'withPicture', 'format'],
    ['a 121 s wav', 'long', 'range'],
    ['a 21 MB file', Buffer.alloc(21 * 1024 * 1024, 1), 'max_size'],
  ] as const)('refuses %s with 422 naming the file', async (_name, data, rule) => {
    const bytes =
      data === 'withPicture' ? await tone('withPicture', 1) : data === 'long' ? await tone('wav', 121) : data;
    const res = await upload(superA, { title: 'Refused' }, bytes, 'music.mp3');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'file', rule })]);
  });

  it('refuses a missing title and a tempo out of range, naming them', async () => {
    const res = await upload(superA, { title: ' ', tempo: '999' }, await tone('mp3', 1), 'a.mp3');
    expect(res.statusCode).toBe(422);
    expect(refusedFields(res)).toEqual(['tempo', 'title']);
  });
});

describe('isolation and deletion', () => {
  it("never lists, plays or deletes another domain's upload", async () => {
    const mine = (await upload(superA, { title: 'Private track' }, await tone('mp3', 1), 'p.mp3')).json();
    const seen = (await list(superB, 'q=Private')).json();
    expect(seen.total).toBe(0);
    expect((await list(superB, 'source=upload')).json().items).toEqual([]);
    const del = await as(superB, { method: 'DELETE', url: `/api/browser/v0/audio-library/${mine.id}` });
    expect(del.statusCode).toBe(404);
    // A URL signed for one file does not open another domain's file next to it.
    const forged = mine.url.replace(
      `audio-library/${superA.tenant.domainId}/`,
      `audio-library/${superB.tenant.domainId}/`,
    );
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await list(superA, 'q=Private')).json().total).toBe(1);
  });

  it('deletes the own upload unless a vehicle chose it; a normal user only their own', async () => {
    const track = (await upload(superA, { title: 'Chosen one' }, await tone('mp3', 3), 'c.mp3')).json();
    expect((await as(normalA, { method: 'DELETE', url: `/api/browser/v0/audio-library/${track.id}` })).statusCode).toBe(
      403,
    );
    const [car] = await t.make.vehicles({ id: superA.id, domainId: superA.tenant.domainId });
    await t.db
      .insertInto('content_movie_settings')
      .values({ content_id: car as string, settings: JSON.stringify({ music_track_id: track.id }) })
      .execute();
    const inUse = await as(superA, { method: 'DELETE', url: `/api/browser/v0/audio-library/${track.id}` });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('audio_track_in_use');
    await t.db
      .deleteFrom('content_movie_settings')
      .where('content_id', '=', car as string)
      .execute();
    const gone = await as(superA, { method: 'DELETE', url: `/api/browser/v0/audio-library/${track.id}` });
    expect(gone.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: track.url })).statusCode).toBe(404);
    expect((await list(superA, 'q=Chosen')).json().total).toBe(0);
  });
});

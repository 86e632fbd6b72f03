import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { clip, mp4, pattern, sine, X264 } from '../helpers/clips.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { API, upload } from './slider-helpers.ts';

/** `GET /slider/{id}/movies/{movie_id}/audio-tracks`: the sound tracks of an original video, read by ffprobe. */

const t = useTestApp();
let owner: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn();
});

/** Two sound tracks: Japanese mono at 44.1 kHz, English stereo at 22.05 kHz. */
const TWO_TRACKS = {
  ext: 'mp4',
  format: 'mp4',
  args: [
    ...pattern('320x180', 2),
    ...sine(2),
    ...sine(2),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-map',
    '2:a',
    ...X264,
    '-c:a',
    'aac',
    '-ac:a:1',
    '2',
    '-ar:a:1',
    '22050',
    '-metadata:s:a:0',
    'language=jpn',
    '-metadata:s:a:1',
    'language=eng',
  ],
};

const add = async (contentId: string, file: string) => {
  const res = await t.app.inject(
    upload(owner, `${API}/slider/${contentId}/movies`, {}, { data: await readFile(file), name: 'clip.mp4' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe('the sound tracks of an original video', () => {
  it('lists every track as uploaded, none for a silent video, and reads an older video from its stored MP4', async () => {
    const [vehicle] = (await t.make.vehicles(owner)) as [string];
    const api = contentApi(t.app, owner);
    const tracksOf = (movie: string, vehicleId = vehicle) =>
      api.get(`/slider/${vehicleId}/movies/${movie}/audio-tracks`);

    const two = await add(vehicle, await clip('two-tracks', TWO_TRACKS));
    const listed = await tracksOf(two);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      movie_id: two,
      source: 'upload',
      tracks: [
        { index: 0, codec: 'aac', language: 'jpn', channels: 1, sample_rate: 44100, played: true },
        { index: 1, codec: 'aac', language: 'eng', channels: 2, sample_rate: 22050, played: false },
      ],
    });
    expect(listed.json().tracks[0].duration_seconds).toBeCloseTo(2, 0);

    const silent = await add(vehicle, await clip('silent', mp4('320x180', 2)));
    expect((await tracksOf(silent)).json()).toEqual({ movie_id: silent, source: 'upload', tracks: [] });

    // A video uploaded before the list was kept: its stored MP4 holds the played track, without its language.
    await t.db
      .updateTable('original_movies')
      .set({ movie: sql`movie - 'audio_tracks'` })
      .where('id', '=', two)
      .execute();
    expect((await tracksOf(two)).json()).toMatchObject({
      source: 'stored',
      tracks: [{ index: 0, codec: 'aac', language: null, channels: 1, played: true }],
    });

    // Another vehicle's id for the movie, and another tenant: not found.
    const [other] = (await t.make.vehicles(owner)) as [string];
    expect((await tracksOf(two, other)).statusCode).toBe(404);
    const stranger = await t.make.signedIn();
    const refused = await contentApi(t.app, stranger).get(`/slider/${vehicle}/movies/${two}/audio-tracks`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
  });
});

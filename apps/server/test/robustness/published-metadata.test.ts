import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, runBounded } from '../../src/platform/media/ffmpeg.ts';
import { readBlob } from '../../src/platform/storage/blob-store.ts';
import { contentApi } from '../contents/content-api.ts';
import { readyUpload } from '../exterior/pipeline-helpers.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { metadataLeft, pictureMetadataLeft, taggedClip, taggedJpeg } from '../helpers/tagged-media.ts';
import { as as asUser, fileRequest, vehicleWithHotspot } from '../hotspots/fixtures.ts';
import { API, upload } from '../slider/slider-helpers.ts';

/**
 * Nothing published or served carries the phone's position, make or model (issue 18, finding 3): hotspot sound and
 * video, original content videos, the exterior's video backups and every picture. Each upload is a file that carries
 * them where phones write them (tagged-media.ts); the file served at the answer's URL (or the stored backup) is read
 * back with ffprobe, sharp and a search of its bytes.
 */

const t = useTestApp();
let owner: SignedInUser;
let car: string;
let hotspot: string;
let work: string;

beforeAll(async () => {
  owner = await t.make.signedIn({ privilege_type: 'super' });
  ({ car, hotspot } = await vehicleWithHotspot(t, owner));
  work = await mkdtemp(path.join(tmpdir(), 'spinyard-metadata-'));
});

afterAll(() => rm(work, { recursive: true, force: true }));

/** The bytes served at a media URL, written to a file for ffprobe. */
async function served(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const file = path.join(work, name);
  await writeFile(file, res.rawPayload);
  return file;
}

async function hotspotFile(kind: string, file: string, name: string) {
  const res = await asUser(t, owner, fileRequest(car, hotspot, kind, await readFile(file), name));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** MD5 of a file's picture packets as they are: the same for a copy that only changed the container's metadata. */
async function pictureHash(file: string): Promise<string> {
  const run = await runBounded(
    ffmpegPath(),
    ['-v', 'error', '-i', `file:${file}`, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'],
    { timeoutMs: 30_000 },
  );
  expect(run.code, run.stderr).toBe(0);
  return run.stdout.toString('utf8').trim();
}

describe('the test files carry what a phone writes', () => {
  it('position, make and model in every tagged file', async () => {
    for (const kind of ['mov', 'avi', 'm4a', 'mp3'] as const) {
      expect((await metadataLeft(await taggedClip(kind))).length, kind).toBeGreaterThan(0);
    }
    expect(await pictureMetadataLeft(await taggedJpeg(640, 360))).toContain('exif');
  });
});

describe('hotspot sound and video', () => {
  it('an M4A and an MP3 are served without their tags', async () => {
    const m4a = await hotspotFile('audio', await taggedClip('m4a'), 'voice.m4a');
    expect(await metadataLeft(await served(m4a.audio.url, 'voice.m4a'))).toEqual([]);
    const mp3 = await hotspotFile('audio', await taggedClip('mp3'), 'voice.mp3');
    expect(mp3.audio.duration_seconds).toBeGreaterThan(1.9);
    expect(await metadataLeft(await served(mp3.audio.url, 'voice.mp3'))).toEqual([]);
  });

  it("a phone's MOV is served as an MP4 of the same picture, without its tags", async () => {
    const clip = await taggedClip('mov');
    const answer = await hotspotFile('video', clip, 'walk.mov');
    expect(answer.movie).toMatchObject({ conversion: 'none', width: 320, height: 180 });
    const file = await served(answer.movie.url, 'walk.mp4');
    expect(await metadataLeft(file)).toEqual([]);
    expect(await pictureHash(file)).toBe(await pictureHash(clip));
  });

  it('an AVI is kept and converted without its tags', async () => {
    const answer = await hotspotFile('video', await taggedClip('avi'), 'walk.avi');
    expect(answer.movie.conversion).toBe('ready');
    expect(await metadataLeft(await served(answer.movie.url, 'kept.avi'))).toEqual([]);
    expect(await metadataLeft(await served(answer.movie.playable_url, 'playable.mp4'))).toEqual([]);
  });
});

describe('pictures', () => {
  it('a hotspot image and a category image with EXIF GPS are served without it, in every size', async () => {
    const photo = await taggedJpeg(1280, 720);
    const image = (await hotspotFile('image', await writeTemp(photo, 'photo.jpg'), 'photo.jpg')).image;
    const category = await t.app.inject(
      upload(owner, `${API}/slider/${car}/images`, { category: 'exterior' }, { data: photo, name: 'photo.jpg' }),
    );
    expect(category.statusCode, category.body).toBe(201);
    for (const answer of [image, category.json().image]) {
      for (const r of Object.values(answer.renditions) as { jpeg: string; webp: string }[]) {
        for (const url of [r.jpeg, r.webp]) {
          const bytes = await readFile(await served(url, 'picture'));
          expect(await pictureMetadataLeft(bytes), url).toEqual([]);
        }
      }
    }
  });
});

async function writeTemp(data: Buffer, name: string): Promise<string> {
  const file = path.join(work, name);
  await writeFile(file, data);
  return file;
}

describe('videos kept as they came', () => {
  it('an original content video is served without its tags', async () => {
    const res = await t.app.inject(
      upload(
        owner,
        `${API}/slider/${car}/movies`,
        {},
        { data: await readFile(await taggedClip('mov')), name: 'a.mov' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await metadataLeft(await served(res.json().url, 'movie.mp4'))).toEqual([]);
  });

  it("the exterior's backup of the walk-around video keeps its picture, not its tags", async () => {
    const [spinCar] = (await t.make.vehicles(owner)) as [string];
    const clip = await taggedClip('mov');
    const id = await readyUpload(t, owner, spinCar, clip, 'walk.mov');
    const res = await contentApi(t.app, owner).post(`/exterior/${spinCar}`, { upload_ids: [id] });
    expect(res.json().process, res.body).toMatchObject({ status: 'succeeded' });
    const [backup] = await t.db.selectFrom('movie_backups').selectAll().where('content_id', '=', spinCar).execute();
    const stored = await readBlob(testAppStore(t.dir), backup!.blob_key);
    const file = await writeTemp(stored!, 'backup.mp4');
    expect(await metadataLeft(file)).toEqual([]);
    expect(await pictureHash(file)).toBe(await pictureHash(clip));
  });
});

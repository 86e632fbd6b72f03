import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotspotsRepo } from '../../src/modules/hotspots/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { redPicture } from '../helpers/pictures.ts';
import { testVideo } from '../helpers/videos.ts';
import { API, as, fileRequest, tone, vehicleWithHotspot } from './fixtures.ts';

/**
 * A hotspot's files, each judged by its content (never its name) through the Media adapter, each refusal with its
 * catalogue error and nothing stored; what is kept is content-addressed under contents/<id>/hotspots and served.
 */

const t = useTestApp();
let owner: SignedInUser;
let car: string;
let hotspot: string;

beforeAll(async () => {
  const tenant = await t.make.tenant();
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  ({ car, hotspot } = await vehicleWithHotspot(t, owner));
});

const upload = (kind: string, data: Buffer, name: string) => as(t, owner, fileRequest(car, hotspot, kind, data, name));
const blobs = () => testAppStore(t.dir).list(`contents/${car}/hotspots/`);

describe('hotspot files accepted', () => {
  it('an annotation image (JPEG or PNG) in every size, under contents/<id>/hotspots', async () => {
    const res = await upload('image', await redPicture(800, 600, 'png'), 'photo.png');
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image;
    expect(image.width).toBe(800);
    expect(image.renditions.thumbnail.jpeg).toMatch(
      new RegExp(`^/svnmedia/contents/${car}/hotspots/[0-9a-f]{64}\\.jpg\\?exp=\\d+&sig=[\\w-]{22}$`),
    );
    const served = await t.app.inject({ method: 'GET', url: image.renditions.display.jpeg });
    expect(served.statusCode).toBe(200);
    const jpeg = await upload('image', await redPicture(640, 480, 'jpeg'), 'photo.jpg');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
  });

  it.each([
    ['mp3', 'tone.mp3'],
    ['m4a', 'tone.m4a'],
  ] as const)('audio as %s, with its duration', async (format, name) => {
    const res = await upload('audio', await tone(format, 3), name);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().audio).toMatchObject({ format });
    expect(res.json().audio.duration_seconds).toBeGreaterThan(2.5);
    expect(res.json().audio.url).toMatch(
      new RegExp(`/contents/${car}/hotspots/[0-9a-f]{64}\\.${format}\\?exp=\\d+&sig=[\\w-]{22}$`),
    );
  });

  it.each([
    ['landscape', 'mp4'],
    ['rotatedLandscape', 'mp4'],
    ['avi', 'avi'],
    ['wmv', 'wmv'],
  ] as const)('video %s, kept as %s', async (name, format) => {
    const res = await upload('video', await readFile(await testVideo(name)), `clip.${format}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().movie).toMatchObject({ format, width: 320, height: 180 });
  });

  it('a custom icon: a PNG kept transparent within 160x160', async () => {
    const res = await upload('icon', await redPicture(400, 200, 'png', true), 'icon.png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().custom_icon).toMatchObject({ width: 160, height: 80 });
    const served = await t.app.inject({ method: 'GET', url: res.json().custom_icon.url });
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('removing a file deletes its bytes when no other hotspot uses them', async () => {
    const before = await blobs();
    const res = await as(t, owner, { method: 'DELETE', url: `${API}/hotspot/${car}/${hotspot}/icon` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().custom_icon).toBeNull();
    expect((await blobs()).length).toBe(before.length - 1);
    const again = await as(t, owner, { method: 'DELETE', url: `${API}/hotspot/${car}/${hotspot}/icon` });
    expect(again.statusCode).toBe(404);
  });
});

describe('hotspot files refused with their catalogue error, storing nothing', () => {
  const cases: [string, string, () => Promise<Buffer>, string, number, string][] = [
    ['image', 'a WebP image', () => redPicture(100, 100, 'webp'), 'x.jpg', 415, 'unsupported_image_format'],
    [
      'image',
      'text named .jpg',
      async () => Buffer.from('<script>alert(1)</script>'),
      'x.jpg',
      415,
      'unsupported_image_format',
    ],
    ['image', 'over 5 MB', async () => Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'x.jpg', 413, 'file_too_large'],
    ['audio', 'a WAV file', () => tone('wav', 2), 'x.mp3', 415, 'unsupported_audio_format'],
    ['audio', 'a video with sound', () => tone('withPicture', 2), 'x.m4a', 415, 'unsupported_audio_format'],
    ['audio', 'over 120 seconds', () => tone('mp3', 125), 'x.mp3', 422, 'audio_too_long'],
    ['audio', 'over 5 MB', async () => Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'x.mp3', 413, 'file_too_large'],
    ['video', 'random bytes', async () => readFile(await testVideo('randomBytes')), 'x.mp4', 415, 'video_invalid_file'],
    [
      'video',
      'a Matroska video',
      async () => readFile(await testVideo('matroska')),
      'x.mp4',
      415,
      'unsupported_video_format',
    ],
    [
      'video',
      'an MPEG program stream',
      async () => readFile(await testVideo('mpeg')),
      'x.avi',
      415,
      'unsupported_video_format',
    ],
    ['video', 'over 50 MB', async () => Buffer.alloc(50 * 1024 * 1024 + 1, 1), 'x.mp4', 413, 'file_too_large'],
    ['icon', 'a JPEG', () => redPicture(80, 80, 'jpeg'), 'icon.png', 415, 'unsupported_image_format'],
    [
      'icon',
      'larger than 1024 a side',
      () => redPicture(1100, 80, 'png', true),
      'icon.png',
      422,
      'image_dimensions_invalid',
    ],
  ];
  it.each(cases)('%s: %s', async (kind, _what, make, name, status, code) => {
    const row = await hotspotsRepo(t.db).get(car, hotspot);
    const before = await blobs();
    const res = await upload(kind, await make(), name);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await hotspotsRepo(t.db).get(car, hotspot)).toEqual(row);
    expect(await blobs()).toEqual(before);
  });

  it('an unknown kind or no file is a 4xx naming it', async () => {
    const res = await upload('script', await redPicture(80, 80, 'png'), 'x.png');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('kind');
    const none = await as(t, owner, { method: 'POST', url: `${API}/hotspot/${car}/${hotspot}/image`, payload: {} });
    expect(none.statusCode).toBe(415);
  });
});

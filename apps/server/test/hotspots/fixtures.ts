import type { InjectOptions } from 'fastify';
import type { TestApp } from '../helpers/app.ts';
import { type ClipRecipe, clipBytes, pattern, sine, X264 } from '../helpers/clips.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';

/**
 * Hotspot test material: a vehicle with a spin row of 36 frames and an interior scene, and small audio files made
 * by ffmpeg's tone source (never committed), each made once per process.
 */

export const API = '/api/browser/v0';

export async function seedVehicle(t: TestApp, owner: SignedInUser) {
  const [car] = (await t.make.vehicles(owner)) as [string];
  const seeded = await seedExterior(t, car, { rows: [36, 4] });
  // The hotspot area reads only the scene's id.
  const [scene] = (await t.make.interiorScenes(car)) as [string];
  return { car, group: seeded.rows[0]!.id, shortGroup: seeded.rows[1]!.id, scene };
}

export const as = (t: TestApp, who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` } });

/** The seeded vehicle with one image hotspot on its spin row: where the tests of a hotspot's files start. */
export async function vehicleWithHotspot(t: TestApp, owner: SignedInUser) {
  const seeded = await seedVehicle(t, owner);
  const res = await as(t, owner, {
    method: 'POST',
    url: `${API}/exterior/${seeded.car}/hotspots`,
    payload: exteriorBody(seeded.group, { type: 'image' }),
  });
  return { ...seeded, hotspot: res.json().id as string };
}

export function exteriorBody(group: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'inspector',
    title: 'Sunroof',
    placement: {
      group_id: group,
      key_frames: [
        { frame: 2, x: 0.2, y: 0.5 },
        { frame: 6, x: 0.6, y: 0.3 },
      ],
    },
    ...extra,
  };
}

export function interiorBody(scene: string, extra: Record<string, unknown> = {}) {
  return { type: 'audio', title: 'Stereo', placement: { scene_id: scene, yaw: 30, pitch: -10 }, ...extra };
}

const TONES = {
  mp3: (seconds: number) => ({
    ext: 'mp3',
    format: 'mp3',
    args: [...sine(seconds), '-c:a', 'libmp3lame', '-b:a', '32k'],
  }),
  m4a: (seconds: number) => ({ ext: 'm4a', format: 'mp4', args: [...sine(seconds), '-c:a', 'aac', '-b:a', '32k'] }),
  wav: (seconds: number) => ({ ext: 'wav', format: 'wav', args: sine(seconds) }),
  withPicture: (seconds: number) => ({
    ext: 'mp4',
    format: 'mp4',
    args: [...pattern('160x90', seconds, { rate: 5 }), ...sine(seconds), ...X264, '-c:a', 'aac'],
  }),
} satisfies Record<string, (seconds: number) => ClipRecipe>;

/** A sine tone of `seconds` as MP3 or M4A (AAC), or a tone inside an MP4 with a picture (a video, not audio). */
export const tone = (kind: keyof typeof TONES, seconds: number): Promise<Buffer> =>
  clipBytes(`tone-${kind}`, TONES[kind](seconds));

/** A multipart upload of one hotspot file. */
export function fileRequest(car: string, hotspot: string, kind: string, data: Buffer, name: string): InjectOptions {
  const body = multipartFile(data, name);
  return {
    method: 'POST',
    url: `${API}/hotspot/${car}/${hotspot}/${kind}`,
    payload: body.payload,
    headers: body.headers,
  };
}

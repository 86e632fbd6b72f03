import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { ffmpegPath, runBounded } from '../../src/platform/media/ffmpeg.ts';
import type { TestApp } from '../helpers/app.ts';
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

const made = new Map<string, Promise<Buffer>>();

/** A sine tone of `seconds` as MP3 or M4A (AAC), or a tone inside an MP4 with a picture (a video, not audio). */
export function tone(kind: 'mp3' | 'm4a' | 'wav' | 'withPicture', seconds: number): Promise<Buffer> {
  const key = `${kind}-${seconds}`;
  let file = made.get(key);
  if (!file) {
    file = (async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-tone-'));
      const out = path.join(dir, `tone.${kind === 'withPicture' ? 'mp4' : kind}`);
      const input = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
      const args =
        kind === 'mp3'
          ? [...input, '-c:a', 'libmp3lame', '-b:a', '32k']
          : kind === 'm4a'
            ? [...input, '-c:a', 'aac', '-b:a', '32k', '-f', 'mp4']
            : kind === 'wav'
              ? input
              : [
                  '-f',
                  'lavfi',
                  '-i',
                  `testsrc2=size=160x90:rate=5:duration=${seconds}`,
                  ...input,
                  '-c:v',
                  'libx264',
                  '-preset',
                  'ultrafast',
                  '-pix_fmt',
                  'yuv420p',
                  '-c:a',
                  'aac',
                ];
      const run = await runBounded(ffmpegPath(), ['-hide_banner', '-v', 'error', '-y', ...args, out], {
        timeoutMs: 60_000,
      });
      if (run.code !== 0) throw new Error(`ffmpeg could not make the ${kind} tone: ${run.stderr}`);
      return readFile(out);
    })();
    made.set(key, file);
  }
  return file;
}

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

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { carPhotoWithPlate, PHOTO_PLATE } from '../apps/server/test/helpers/plate-photos.ts';
import { REAL_SPIN_FRONT, realSpinFrames } from '../apps/server/test/helpers/real-spin.ts';
import { api, firstDomainId } from './api.ts';
import { requestAccessToken, type Suite } from './harness/fixtures.ts';

/**
 * The AI options journey's spin: 24 frames of threesixty-slider's real car (MIT, read from node_modules), starting
 * away from its front, with a real licence plate (the OpenALPR documentation photo's, read from npm, never
 * committed) on the frames that face the front, where the car's own badge plate is. Front detection finds the front
 * of such a spin within a frame, and the plate detector reads the plate on those frames (measured before writing
 * this test: the front frame and its neighbour).
 */

export const AI_SPIN = { frames: 24, width: 800 } as const;
/** Where the plate is pasted, as fractions of the frame (over the badge plate of the 1000x447 pictures). */
export const PASTED_PLATE = { x: 0.512, y: 0.578, w: 0.12 } as const;

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('threesixty-slider/package.json')),
  'assets',
);

export interface AiSpin {
  /** The frame (0-based) nearest the car's front, as seeded. */
  front: number;
  picture: (row: number, frame: number) => Promise<Buffer>;
}

export async function aiSpin(): Promise<AiSpin> {
  const photo = await readFile(await carPhotoWithPlate());
  const meta = await sharp(photo).metadata();
  const [pw, ph] = [meta.width ?? 432, meta.height ?? 288];
  const crop = {
    left: Math.round(PHOTO_PLATE.x * pw) - 4,
    top: Math.round(PHOTO_PLATE.y * ph) - 3,
    width: Math.round(PHOTO_PLATE.w * pw) + 8,
    height: Math.round(PHOTO_PLATE.h * ph) + 6,
  };
  const plate = await sharp(photo)
    .extract(crop)
    .resize({ width: Math.round(PASTED_PLATE.w * AI_SPIN.width) })
    .png()
    .toBuffer();
  const size = await sharp(plate).metadata();
  const spin = realSpinFrames(AI_SPIN.frames, 5, 1);
  const height = Math.round((AI_SPIN.width * 447) / 1000);
  const frames = new Map<number, Buffer>();
  const picture = async (_row: number, frame: number) => {
    const known = frames.get(frame);
    if (known) return known;
    const view = spin.views[frame] ?? 0;
    const base = await sharp(path.join(assets, `${view + 1}.png`))
      .flatten({ background: '#ffffff' })
      .resize(AI_SPIN.width, height, { fit: 'fill' })
      .png()
      .toBuffer();
    const off = Math.min(Math.abs(view - REAL_SPIN_FRONT), 51 - Math.abs(view - REAL_SPIN_FRONT));
    const input =
      off > 2
        ? sharp(base)
        : sharp(base).composite([
            {
              input: plate,
              left: Math.round(PASTED_PLATE.x * AI_SPIN.width - (size.width ?? 0) / 2),
              top: Math.round(PASTED_PLATE.y * height - (size.height ?? 0) / 2),
            },
          ]);
    const jpeg = await input.jpeg({ quality: 85 }).toBuffer();
    frames.set(frame, jpeg);
    return jpeg;
  };
  return { front: spin.front, picture };
}

/** The company code of the product's own domain (the dealers' of `activeSuperUserSession`), for its edit page. */
export async function productDomainCode(suite: Suite): Promise<string> {
  const master = await requestAccessToken(suite);
  const domainId = await firstDomainId(suite, master);
  const domain = await api(`${suite.server.baseUrl}/v1/domain/${domainId}`, master);
  return (domain.data as { company_code: string }).company_code;
}

/** Where the spin with extra frames has them (0-based, of 27), and why each is extra. */
export const EXTRA_FRAMES = { 5: 'blurred', 12: 'duplicate', 20: 'empty' } as const;

/**
 * The AI spin's 24 frames with three extra ones put in, as a walk-around gets them: a step's motion blur (a blurred
 * copy of the next view), the walker's pause (a view twice) and a frame with the lens capped (black). Extra-image
 * removal finds exactly these (measured before writing the test); the 24 good frames are the AI spin itself, so
 * front detection on what is left finds its front.
 */
export function withExtraFrames(spin: AiSpin): (row: number, frame: number) => Promise<Buffer> {
  const height = Math.round((AI_SPIN.width * 447) / 1000);
  const good = (k: number) => spin.picture(1, k);
  return async (_row, frame) => {
    if (frame === 5)
      return sharp(await good(5))
        .blur(5)
        .jpeg({ quality: 85 })
        .toBuffer();
    if (frame === 20)
      return sharp({ create: { width: AI_SPIN.width, height, channels: 3, background: '#050505' } })
        .jpeg()
        .toBuffer();
    // Past each extra frame the good frames are one place further on (frame 12 is frame 11 again).
    return good(frame - (frame > 5 ? 1 : 0) - (frame >= 12 ? 1 : 0) - (frame > 20 ? 1 : 0));
  };
}

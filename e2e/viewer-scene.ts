import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createDatabase } from '../apps/server/src/db/database.ts';
import { createDiskBlobStore } from '../apps/server/src/platform/storage/disk-blob-store.ts';
import { type SeededRow, seedExterior } from '../apps/server/test/helpers/exterior-seed.ts';
import { type ApiSession, createVehicle, type VehicleSeed } from './contents-api.ts';
import type { Suite } from './harness/fixtures.ts';

/**
 * The viewer's browser tests' scenes: vehicles with a spin (the server tests' seed, without the video pipeline),
 * published through the build call, and the waits on the viewer's own state.
 */

/** Rows of numbered frames (each its own colour) without the video pipeline: the server tests' seed. */
export async function seedFrames(
  suite: Suite,
  vehicleId: string,
  frames: number | number[],
  tempRows: readonly number[] = [],
  /** The picture of each frame instead of a numbered one (real spin frames): row 1-based, frame 0-based. */
  picture?: (row: number, frame: number) => Promise<Buffer>,
): Promise<SeededRow[]> {
  const { db, pool } = createDatabase(await suite.server.databaseUrl(), 2);
  try {
    const store = createDiskBlobStore(path.join(suite.server.dataDir, 'media'));
    return (
      await seedExterior({ db, dir: suite.server.dataDir }, vehicleId, {
        store,
        rows: typeof frames === 'number' ? [frames] : frames,
        tempRows,
        width: 640,
        height: 360,
        ...(picture ? { picture } : {}),
      })
    ).rows;
  } finally {
    await db.destroy();
    await pool.end().catch(() => undefined);
  }
}

/** A published vehicle with a spin: registered, given frames, built with publish=1; answers its short id. */
export async function publishedVehicle(
  suite: Suite,
  session: ApiSession,
  seed: VehicleSeed & Record<string, unknown>,
  before?: (id: string, rows: SeededRow[]) => Promise<void>,
  frames: number[] = [36],
  tempRows: readonly number[] = [],
) {
  const id = await createVehicle(suite, session, seed);
  const rows = await seedFrames(suite, id, frames, tempRows);
  await before?.(id, rows);
  return { id, shortId: await buildVehicle(suite, session, id) };
}

/** Publishes a vehicle through the build call (publish=1), as the console's publish does; answers its short id. */
export async function buildVehicle(suite: Suite, session: ApiSession, id: string): Promise<string> {
  const built = await fetch(`${suite.server.baseUrl}/api/tourmaker/buildcontents/${id}/?_=${Date.now()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.content}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'publish=1&user=e2e',
  });
  const answer = (await built.json()) as { short_id?: string };
  expect(built.status, JSON.stringify(answer)).toBe(200);
  return answer.short_id ?? '';
}

/** The spin is on screen: the canvas drew (the server's picture is hidden) and every frame has arrived small. */
export async function spinReady(page: Page | ReturnType<Page['frameLocator']>) {
  const surface = page.locator('.spin-surface[data-ready="true"]');
  await surface.waitFor({ state: 'visible', timeout: 20_000 });
  await page.locator('.stage.is-live').waitFor({ state: 'attached' });
  return surface;
}

export const frameOf = async (surface: ReturnType<Page['locator']>) => Number(await surface.getAttribute('data-frame'));

/** The colour at the stage's centre as drawn on the canvas: each seeded frame has its own. */
export const centrePixel = (page: Page) =>
  page.locator('.spin-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    const d = ctx?.getImageData(Math.floor(canvas.width * 0.75), Math.floor(canvas.height * 0.75), 1, 1).data;
    return d ? [d[0], d[1], d[2]].join(',') : '';
  });

/** A 2:1 panorama: a horizontal gradient, so Photo Sphere Viewer has something to draw. */
export async function panorama(): Promise<Blob> {
  const dir = path.join(tmpdir(), 'spinyard-e2e-viewer');
  await mkdir(dir, { recursive: true });
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="1024"><defs><linearGradient id="g">' +
      '<stop offset="0" stop-color="#345"/><stop offset="1" stop-color="#c96"/></linearGradient></defs>' +
      '<rect width="2048" height="1024" fill="url(#g)"/></svg>',
  );
  const data = await sharp(svg).jpeg({ quality: 80 }).toBuffer();
  await writeFile(path.join(dir, 'panorama.jpg'), data);
  return new Blob([new Uint8Array(data)], { type: 'image/jpeg' });
}

/** A picture uploaded as an interior scene of the vehicle; answers the scene's id. */
export async function interiorScene(
  suite: Suite,
  session: ApiSession,
  vehicleId: string,
  picture: Blob,
  name: string,
  title: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', picture, name);
  form.append('title', title);
  const upload = await fetch(`${suite.server.baseUrl}/api/browser/v0/interior/${vehicleId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.content}` },
    body: form,
  });
  const scene = (await upload.json()) as { id: string };
  expect(upload.status, JSON.stringify(scene)).toBe(201);
  return scene.id;
}

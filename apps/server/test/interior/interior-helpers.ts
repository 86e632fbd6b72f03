import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { InteriorAnswer, InteriorSceneAnswer } from '@spinyard/domain';
import { beforeAll, expect } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { panorama } from '../helpers/pictures.ts';
import { uploadPanorama } from './panoramas.ts';

/** The people and pictures the interior tests start from, made once a file. */
export interface InteriorSeed {
  /** A super user of a domain with the image-quality tool (interior_enhancement) on. */
  owner: SignedInUser;
  /** A super user of a domain without it. */
  plainOwner: SignedInUser;
  jpeg1024: Buffer;
  png1024: Buffer;
}

/**
 * The test file's app (call it at the top of the file) and the calls the interior tests make (interior.test.ts,
 * interior-edits.test.ts); `beforeAll` makes the seed and hands it to `seeded` so the file keeps it in its own names.
 * A closure per file, not module state: the server project runs files in one module cache (`isolate: false`).
 */
export function useInteriorApp(seeded: (seed: InteriorSeed) => void) {
  const t = useTestApp();
  const API = '/api/browser/v0';
  let seed: InteriorSeed | undefined;

  beforeAll(async () => {
    const tenant = await t.make.tenant({ options: { interior_enhancement: true } });
    const owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
    const plainTenant = await t.make.tenant();
    const plainOwner = await t.make.signedIn({ tenant: plainTenant, privilege_type: 'super' });
    const [jpeg1024, png1024] = await Promise.all([panorama(1024, 512), panorama(1024, 512, 'png')]);
    seed = { owner, plainOwner, jpeg1024, png1024 };
    seeded(seed);
  });

  const made = (): InteriorSeed => {
    if (!seed) throw new Error('useInteriorApp: the seed is made in beforeAll; use it inside a test or hook');
    return seed;
  };

  const call = (who: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      headers: { authorization: `Bearer ${who.contentToken}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function vehicle(who: SignedInUser = made().owner): Promise<string> {
    const [id] = await t.make.vehicles(who);
    return id!;
  }

  async function upload(contentId: string, file = made().jpeg1024, name = 'pano.jpg', who = made().owner) {
    const res = await uploadPanorama(t.app, who.contentToken, contentId, file, name);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as InteriorSceneAnswer;
  }

  const interiorOf = async (contentId: string, who = made().owner) =>
    (await call(who, 'GET', `/interior/${contentId}`)).json() as InteriorAnswer;

  async function blobFiles(contentId: string): Promise<string[]> {
    const dir = path.join(t.dir, 'media', 'contents', contentId, 'interior');
    return readdir(dir).catch(() => []);
  }

  return { t, call, vehicle, upload, interiorOf, blobFiles };
}

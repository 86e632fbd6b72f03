import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { movieBackupRepo } from '../../src/modules/exterior/backup-repo.ts';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior, testAppStore } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { numberedFrame } from '../helpers/pictures.ts';

/**
 * Tenant isolation of the exterior's answer and edits: another company's users (super, admin, normal), and a
 * normal user of the same company outside the owner's group, get 404 on every path for company A's vehicle, also
 * when they name A's rows and frames under a vehicle of their own; nothing of A's changes (rows, frames, settings,
 * flags, processes, blobs).
 */

const t = useTestApp();

let ownerA: SignedInUser;
let carA: string;
let groupA: string;
let framesA: string[];
let outsiders: SignedInUser[];
let carB: string;
/** The owner's exterior upload session on A's vehicle. */
let session: string;

beforeAll(async () => {
  const tenantA = await t.make.tenant();
  const adminA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'admin' });
  ownerA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'normal', parent_user_id: adminA.id });
  const peerA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'normal', parent_user_id: adminA.id });
  [carA] = (await t.make.vehicles(ownerA)) as [string];
  const seeded = await seedExterior(t, carA, { rows: [40, 3], tempRows: [2] });
  groupA = seeded.rows[0]!.id;
  framesA = seeded.rows[0]!.frameIds;
  await exteriorRepo(t.db).saveSettings(carA, { initial_angle: 'left_90', initial_row: 1 });
  // A kept original video, so the owner's /exteriormovie_url answers it.
  const backupKey = `contents/${carA}/exterior-backups/${'b'.repeat(64)}.mp4`;
  await testAppStore(t.dir).put(backupKey, Buffer.from('walk-around'));
  await movieBackupRepo(t.db).insert({
    ...{ contentId: carA, domainId: tenantA.domainId, uploadId: null, blobKey: backupKey },
    ...{ size: 11, durationSeconds: 5, fileName: 'walk.mp4', expiresAt: null },
  });

  const opened = await as(ownerA, { method: 'GET', url: `/api/browser/v0/session/start?contentsID=${carA}` });
  session = opened.json().session_id;

  const tenantB = await t.make.tenant();
  const superB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' });
  const adminB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' });
  const normalB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'normal', parent_user_id: adminB.id });
  [carB] = (await t.make.vehicles(superB)) as [string];
  await seedExterior(t, carB, { rows: [2] });
  outsiders = [superB, adminB, normalB, peerA];
});

const as = (who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` } });

const snapshot = async () => ({
  frames: await t.db
    .selectFrom('exterior_frames')
    .select(['id', 'group_id', 'frame_order', 'edit_kind', 'edited'])
    .where('content_id', '=', carA)
    .orderBy('id')
    .execute(),
  groups: await exteriorRepo(t.db).groups(carA),
  settings: await exteriorRepo(t.db).settings(carA),
  content: await t.db
    .selectFrom('contents')
    .select(['has_exterior', 'thumbnail_key', 'updated_at'])
    .where('id', '=', carA)
    .executeTakeFirstOrThrow(),
  processes: await t.db.selectFrom('content_processes').select(['id', 'process']).execute(),
  blobs: await testAppStore(t.dir).list(`contents/${carA}/`),
});

/** Every exterior path of this area, on company A's vehicle. */
async function requests(content: string): Promise<[string, InjectOptions][]> {
  const picture = multipartFile(await numberedFrame(1, 1, 320, 180, 'png'), 'x.png', 'image/png');
  return [
    ['read', { method: 'GET', url: `/api/browser/v0/exterior/${content}` }],
    ['limit check', { method: 'GET', url: `/api/browser/v0/exterior/${content}/upload_limit_check` }],
    [
      'uploaded before',
      { method: 'GET', url: `/api/browser/v0/exterior/${content}/uploaded_before?sha256=${'a'.repeat(64)}` },
    ],
    [
      'reorder',
      {
        method: 'POST',
        url: `/api/browser/v0/exteriorimage/order`,
        payload: { content_id: content, group_id: groupA, sheet_ids: [...framesA].reverse() },
      },
    ],
    ['delete frame', { method: 'DELETE', url: `/api/browser/v0/exterior/${content}/frames/${framesA[0]}` }],
    [
      'replace',
      {
        method: 'POST',
        url: `/api/browser/v0/exterior/${content}/frames/${framesA[1]}/replace-image`,
        payload: picture.payload,
        headers: picture.headers,
      },
    ],
    ['restore', { method: 'DELETE', url: `/api/browser/v0/exterior/${content}/frames/${framesA[1]}/replace-image` }],
    [
      'initial angle',
      { method: 'POST', url: `/api/browser/v0/exterior/${content}/initial-angle`, payload: { angle: 'front' } },
    ],
    ['initial row', { method: 'POST', url: `/api/browser/v0/exterior/${content}/rows/initial`, payload: { row: 2 } }],
    ['extra images', { method: 'POST', url: `/api/browser/v0/exterior/${content}/extra-images/remove` }],
    ['trim source', { method: 'GET', url: `/api/browser/v0/exterior/${content}/rows/${groupA}/trim` }],
    [
      'trim',
      {
        method: 'POST',
        url: `/api/browser/v0/exterior/${content}/rows/${groupA}/trim`,
        payload: { start_seconds: 0, end_seconds: 9 },
      },
    ],
    ['delete row', { method: 'DELETE', url: `/api/browser/v0/exterior/${content}/rows/${groupA}` }],
    ['movie url', { method: 'GET', url: `/api/browser/v0/exteriormovie_url?contentsID=${content}` }],
    ['session start', { method: 'GET', url: `/api/browser/v0/session/start?contentsID=${content}` }],
    ['session cancel', { method: 'DELETE', url: `/api/browser/v0/exterior/${content}/session?sessionID=${session}` }],
    ['delete all', { method: 'DELETE', url: `/api/browser/v0/exterior/${content}` }],
  ];
}

describe('exterior routes across tenants and groups', () => {
  it("answers 404 on every path for a vehicle outside the caller's sight, and changes nothing", async () => {
    const before = await snapshot();
    for (const who of outsiders) {
      for (const [what, request] of await requests(carA)) {
        const res = await as(who, request);
        expect(res.statusCode, `${who.email} ${what}: ${res.body}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for A's rows and frames named under the caller's own vehicle, and changes nothing", async () => {
    const superB = outsiders[0]!;
    const before = await snapshot();
    const own = (await requests(carB)).filter(([what]) =>
      ['reorder', 'delete row', 'delete frame', 'replace', 'restore', 'trim source', 'trim'].includes(what),
    );
    for (const [what, request] of own) {
      const res = await as(superB, request);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the owner reaches every path (the requests above are real)', async () => {
    const answered: Record<string, number> = {};
    for (const [what, request] of await requests(carA)) answered[what] = (await as(ownerA, request)).statusCode;
    expect(answered).toEqual({
      read: 200,
      'limit check': 200,
      'uploaded before': 200,
      reorder: 200,
      'delete frame': 200,
      replace: 202,
      restore: 200,
      'initial angle': 200,
      'initial row': 200,
      'extra images': 202,
      'trim source': 200,
      // A seeded row was made from no video: nothing to trim, upload again (trim.test.ts trims a real one).
      trim: 422,
      'delete row': 200,
      'movie url': 200,
      'session start': 200,
      'session cancel': 200,
      'delete all': 200,
    });
  });
});

import { readFile } from 'node:fs/promises';
import { AI_OPTION_IDS, type AiOptionsAnswer } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import { processService } from '../../src/modules/processes/service.ts';
import { AI_PARTS_AVAILABLE } from '../../src/platform/ai/availability.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { carPhotoWithPlate } from '../helpers/plate-photos.ts';

/**
 * What the console reads about the AI options (issue 23): the exterior, interior and slider answers say which are
 * on for the caller's domain and which this server can run; and the automatic plate blur asked for by the dealer
 * (`POST /exterior/{id}/autodetect-plates`) on real photographs: the option, the rows it takes, its lock.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let on: SignedInUser;
let off: SignedInUser;

beforeAll(async () => {
  const flags = ['front_detection', 'background_blur', 'brightness', 'auto_annotation'] as const;
  const more = ['ai_category_image_autogeneration', 'async_mobile_upload'] as const;
  const options = Object.fromEntries([...flags, ...more].map((key) => [key, true]));
  on = await t.make.signedIn({ tenant: await t.make.tenant({ options }) });
  off = await t.make.signedIn({ tenant: await t.make.tenant() });
});

const as = (user: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${user.contentToken}` } });

async function aiOptionsOf(user: SignedInUser, car: string): Promise<AiOptionsAnswer[]> {
  const answers = [];
  for (const url of [`${API}/exterior/${car}`, `${API}/interior/${car}`, `${API}/slider/${car}`]) {
    const res = await as(user, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    answers.push((res.json() as { ai_options: AiOptionsAnswer }).ai_options);
  }
  return answers;
}

describe('the answers the console reads', () => {
  it("say which AI options the caller's domain has on and which the server can run", async () => {
    const [car] = (await t.make.vehicles(on)) as [string];
    for (const answer of await aiOptionsOf(on, car)) {
      expect(answer.front_detection).toEqual({ on: true, available: true });
      expect(answer.plate_blur).toEqual({ on: true, available: true });
      expect(answer.interior_colour).toEqual({ on: true, available: true });
      expect(answer.category_images).toEqual({ on: true, available: true });
      expect(answer.async_upload).toEqual({ on: true, available: true });
      // Parts annotation is on (the detection type's default is parts); damage is not.
      expect(answer.annotation.on).toBe(true);
      expect(answer.damage.on).toBe(false);
      expect(answer.detection_type).toBe('parts');
      for (const id of AI_OPTION_IDS) expect(answer[id].available).toBe(AI_PARTS_AVAILABLE[id]);
    }
    const [other] = (await t.make.vehicles(off)) as [string];
    for (const answer of await aiOptionsOf(off, other)) {
      for (const id of AI_OPTION_IDS) expect(answer[id].on, id).toBe(false);
    }
  });
});

describe('POST /exterior/{id}/autodetect-plates', () => {
  const start = (user: SignedInUser, car: string) =>
    as(user, { method: 'POST', url: `${API}/exterior/${car}/autodetect-plates` });

  it('blurs the plates the detector finds into editable key-frame regions, once per row', async () => {
    const photo = await readFile(await carPhotoWithPlate());
    const [car] = (await t.make.vehicles(on)) as [string];
    const seeded = await seedExterior(t, car, { pictures: [photo, photo, photo] });
    const res = await start(on, car);
    expect(res.statusCode, res.body).toBe(202);
    // The answers tell this blur from the dealer's own ones (the console's plate action shows only these).
    expect(res.json()).toMatchObject({ process: { process: 'blur', kind: 'plates', status: 'succeeded' } });
    const editor = await as(on, { method: 'GET', url: `${API}/blurred_contents/${car}` });
    const rows = (editor.json() as { rows: { group_id: string; settings: { regions: unknown[] } | null }[] }).rows;
    expect(rows[0]?.group_id).toBe(seeded.rows[0]?.id);
    expect(rows[0]?.settings?.regions.length).toBeGreaterThan(0);
    // Every row has its blur now: the editor is where it changes.
    const again = await start(on, car);
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().error.fields[0]).toMatchObject({ field: 'content_id', rule: 'requires' });
  });

  it('is refused with the option off, and while a process locks the blur', async () => {
    const [car] = (await t.make.vehicles(off)) as [string];
    await seedExterior(t, car, { rows: [4] });
    const refused = await start(off, car);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.params).toMatchObject({ reason: 'background_blur_off' });

    const [busy] = (await t.make.vehicles(on)) as [string];
    await seedExterior(t, busy, { rows: [4] });
    const [front] = await processService(t.db).start([
      { contentId: busy, process: 'exterior_autodetect_angle', actorUserId: on.id },
    ]);
    const locked = await start(on, busy);
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json().error).toMatchObject({
      code: 'content_locked',
      params: { process: 'exterior_autodetect_angle', operation: 'EXTERIOR.APPLY_BLUR' },
    });
    await processService(t.db).succeed(front!.id);
  });
});

describe('extra images: proposed, then removed as confirmed', () => {
  it('names the frames past the frame count, and removes only those the dealer confirms', async () => {
    const dealer = await t.make.signedIn({ tenant: await t.make.tenant({ options: { exterior_frame_count: 8 } }) });
    const [car] = (await t.make.vehicles(dealer)) as [string];
    const seeded = await seedExterior(t, car, { rows: [10] });
    const ids = seeded.rows[0]?.frameIds ?? [];
    const proposal = await as(dealer, { method: 'GET', url: `${API}/exterior/${car}/extra-images?empty=true&_=1` });
    expect(proposal.statusCode, proposal.body).toBe(200);
    const frames = (proposal.json() as { frames: { id: string; reason: string; order: number }[] }).frames;
    expect(frames.map((f) => [f.id, f.reason])).toEqual([
      [ids[8], 'past_count'],
      [ids[9], 'past_count'],
    ]);
    // The dealer keeps frame 10 for now: only frame 9 goes.
    const url = `${API}/exterior/${car}/extra-images/remove?frame_ids=${ids[8]}`;
    const removed = await as(dealer, { method: 'POST', url });
    expect(removed.statusCode, removed.body).toBe(202);
    expect(removed.json().process.status).toBe('succeeded');
    const left = (await exteriorRepo(t.db).frames(car)).map((f) => f.id);
    expect(left).toEqual([...ids.slice(0, 8), ids[9]]);
  });
});

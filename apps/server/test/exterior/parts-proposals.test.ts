import { hotspotPositionAt } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotspotsMedia } from '../../src/modules/hotspots/media-share.ts';
import { frontFaceOf } from '../../src/platform/ai/parts-front-face.ts';
import { headlightPair } from '../../src/platform/ai/parts-headlights.ts';
import { plateAnchor } from '../../src/platform/ai/parts-plate.ts';
import { PARTS_ANALYSIS_WIDTH } from '../../src/platform/ai/parts-wheels.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { carPhotoWithPlate } from '../helpers/plate-photos.ts';
import { realSpinFrames, realSpinViewJpeg } from '../helpers/real-spin.ts';

/**
 * Automatic annotation with the AI detection type parts (exterior_autodetect_annotation) on the real car spin of
 * threesixty-slider: wheels proposed as key-frame tracks, stored as proposals that are not published until the
 * dealer accepts them, accepted one by one, rejected all at once; frames that show no car fail with
 * parts_not_found, saying so; the headlights and side mirrors of this plateless car from its front frame's silhouette;
 * and the headlights' step on a real plated car's front photo.
 */

const t = useTestApp();
const API = '/api/browser/v0';
let owner: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn({ tenant: await t.make.tenant({ options: { auto_annotation: true } }) });
});

const as = (user: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: `Bearer ${user.contentToken}` } });
const hotspots = async (car: string) =>
  (await as(owner, { method: 'GET', url: `${API}/exterior/${car}/hotspots` })).json().items as {
    id: string;
    type: string;
    title: string;
    proposed: boolean;
    exterior: { key_frames: { frame: number; x: number; y: number }[] };
  }[];
const decide = (car: string, decision: 'accept' | 'reject', ids?: string[]) =>
  as(owner, {
    method: 'POST',
    url: `${API}/exterior/${car}/hotspots/proposals/${decision}`,
    payload: ids ? { ids } : {},
  });

describe('POST /exterior/{id}/autodetect (parts)', () => {
  it('proposes the wheels on the real spin, unpublished until accepted; accept one, reject the rest', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const spin = realSpinFrames(24, 0, 1);
    const { rows } = await seedExterior(t, car, {
      rows: [24],
      picture: (_, frame) => realSpinViewJpeg(spin.views[frame]!, 480),
    });

    // Asked from a console in English: the proposals are titled in English.
    const url = `${API}/exterior/${car}/autodetect?group_id=${rows[0]!.id}&lang=en`;
    const res = await as(owner, { method: 'POST', url });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process).toMatchObject({ process: 'exterior_autodetect_annotation', status: 'succeeded' });

    const proposed = await hotspots(car);
    const wheels = proposed.filter((h) => h.title === 'Wheel');
    expect(wheels.length).toBeGreaterThanOrEqual(2);
    expect(proposed.every((h) => h.proposed && h.type === 'auto_detect')).toBe(true);
    // A track over neighbouring frames, below the roof line where a wheel is.
    for (const w of wheels) {
      expect(w.exterior.key_frames.length).toBeGreaterThanOrEqual(4);
      expect(w.exterior.key_frames.every((k) => k.y > 0.3)).toBe(true);
    }
    // No plate on this showroom car: its headlights are anchored below the side mirrors of the front frame's
    // silhouette, a pair either side of the car's axis, followed round; the mirrors above them, wider apart.
    const onFront = (title: string) =>
      proposed
        .filter((h) => h.title === title)
        .map((h) => hotspotPositionAt(h.exterior.key_frames, spin.front, 24))
        .filter((p) => p !== null)
        .sort((a, b) => a.x - b.x);
    const [lampL, lampR] = onFront('Headlight');
    const [mirrorL, mirrorR] = onFront('Side mirror');
    expect(lampL && lampR && mirrorL && mirrorR, JSON.stringify(proposed.map((h) => h.title))).toBeTruthy();
    expect(Math.abs(lampL!.y - lampR!.y)).toBeLessThan(0.03);
    expect(lampL!.y).toBeGreaterThan(mirrorL!.y + 0.05);
    expect(mirrorL!.x).toBeLessThan(lampL!.x);
    expect(mirrorR!.x).toBeGreaterThan(lampR!.x - 0.03);
    // Nothing proposed is published.
    expect((await hotspotsMedia.rows(t.db, car)).hotspots).toEqual([]);

    const accepted = await decide(car, 'accept', [wheels[0]!.id]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await hotspotsMedia.rows(t.db, car)).hotspots.map((h) => h.id)).toEqual([wheels[0]!.id]);

    const rejected = await decide(car, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().items.map((h: { id: string; proposed: boolean }) => [h.id, h.proposed])).toEqual([
      [wheels[0]!.id, false],
    ]);
  });

  it('frames that show no car: fails with parts_not_found and proposes nothing', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const empty = await sharp({ create: { width: 480, height: 270, channels: 3, background: '#8a9098' } })
      .jpeg()
      .toBuffer();
    await seedExterior(t, car, { rows: [12], picture: async () => empty });
    const res = await as(owner, { method: 'POST', url: `${API}/exterior/${car}/autodetect-all` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process.error).toMatch(/^parts_not_found: /);
    expect(await hotspots(car)).toEqual([]);
  });

  it('names the field and the rule: no spin, a row that is not the spin, an empty list of proposals', async () => {
    const car = ((await t.make.vehicles(owner)) as [string])[0];
    const res = await as(owner, { method: 'POST', url: `${API}/exterior/${car}/autodetect` });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'content_id', rule: 'requires' });
    await seedExterior(t, car, { rows: [8] });
    const notRow = await as(owner, { method: 'POST', url: `${API}/exterior/${car}/autodetect?group_id=999999` });
    expect(notRow.statusCode, notRow.body).toBe(422);
    expect(notRow.json().error.fields[0]).toMatchObject({ field: 'group_id', rule: 'one_of' });
    const notLanguage = await as(owner, { method: 'POST', url: `${API}/exterior/${car}/autodetect-all?lang=de` });
    expect(notLanguage.statusCode, notLanguage.body).toBe(422);
    expect(notLanguage.json().error.fields[0]).toMatchObject({ field: 'lang' });
    const bad = await decide(car, 'accept', []);
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'ids', rule: 'required' });
  });
});

describe('headlights beside a plate', () => {
  it('finds the low headlamps of a real plated car from the front, either side of its plate', async () => {
    const media = createMedia();
    const photo = await carPhotoWithPlate();
    const plate = await plateAnchor(media, photo);
    expect(plate).not.toBeNull();
    const pair = headlightPair(await media.analysisImage(photo, PARTS_ANALYSIS_WIDTH), plate!);
    // Read by eye on the photo (bench/annotation-labels.json): the low pair at (0.147, 0.445) and (0.78, 0.448).
    expect(pair?.left.x).toBeCloseTo(0.147, 1);
    expect(pair?.right.x).toBeCloseTo(0.78, 1);
    expect(pair?.left.y).toBeCloseTo(0.445, 1);
  });
});

describe('the front face without a plate', () => {
  it('refuses a real street front whose car mask leaks into the street: no mirror, no lamp rather than a guess', async () => {
    const media = createMedia();
    // The Fiat's photo (cut off at the top and the left, a street round it): its mask bulges where the street does.
    const picture = await media.analysisImage(await carPhotoWithPlate(), PARTS_ANALYSIS_WIDTH);
    expect(frontFaceOf(picture)).toBeNull();
  });
});

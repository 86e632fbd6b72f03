import { describe, expect, it } from 'vitest';
import { copyVehicle } from '../contents/content-api.ts';
import { useTestApp } from '../helpers/app.ts';
import { seedExterior } from '../helpers/exterior-seed.ts';
import { panorama, redPicture } from '../helpers/pictures.ts';
import { fetchMedia, uploadPanorama } from '../interior/panoramas.ts';
import { API, as, fileRequest, tone } from './fixtures.ts';

/**
 * `POST /contents/copy` copies the hotspots too: each on the copy's row or scene in the same place (a close-up on the
 * copy's row), with its text and files under the copy's own prefix, still there when the original's are deleted.
 */

const t = useTestApp();

describe('copy of a vehicle with its hotspots', () => {
  it('places every hotspot on the copy with its own files', async () => {
    const owner = await t.make.signedIn();
    const [car] = (await t.make.vehicles(owner)) as [string];
    const seeded = await seedExterior(t, car, { rows: [8, 4], width: 64, height: 36, tempRows: [2] });
    const scene = await uploadPanorama(t.app, owner.contentToken, car, await panorama(512, 256));
    expect(scene.statusCode, scene.body).toBe(201);
    const add = async (kind: 'exterior' | 'interior', payload: Record<string, unknown>) => {
      const res = await as(t, owner, { method: 'POST', url: `${API}/${kind}/${car}/hotspots`, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const keyFrames = [
      { frame: 6, x: 0.1, y: 0.2 },
      { frame: 1, x: 0.3, y: 0.4 },
    ];
    const image = await add('exterior', {
      type: 'image',
      title: '<b>Sunroof</b>',
      body: 'Opens\nwide',
      damage_colour: '#112233',
      placement: { group_id: seeded.rows[0]!.id, key_frames: keyFrames },
    });
    for (const [kind, data, name] of [
      ['image', await redPicture(400, 300, 'jpeg'), 'a.jpg'],
      ['icon', await redPicture(80, 80, 'png', true), 'i.png'],
    ] as const) {
      const res = await as(t, owner, fileRequest(car, image, kind, data, name));
      expect(res.statusCode, res.body).toBe(200);
    }
    await add('exterior', {
      type: 'closeup_360',
      title: 'Wheel',
      closeup_group_id: seeded.rows[1]!.id,
      placement: { group_id: seeded.rows[0]!.id, key_frames: [{ frame: 0, x: 0.5, y: 0.5 }] },
    });
    const audio = await add('interior', {
      type: 'audio',
      title: 'Stereo',
      placement: { scene_id: scene.json().id, yaw: -45, pitch: 12 },
    });
    const sound = await as(t, owner, fileRequest(car, audio, 'audio', await tone('mp3', 2), 't.mp3'));
    expect(sound.statusCode, sound.body).toBe(200);

    const copy = await copyVehicle(t, owner, car);

    const list = async (id: string, kind: string) =>
      (await as(t, owner, { method: 'GET', url: `${API}/${kind}/${id}/hotspots` })).json();
    const [from, to] = [await list(car, 'exterior'), await list(copy, 'exterior')];
    expect(to.items).toHaveLength(2);
    expect(to.manual_count).toBe(3);
    const copied = to.items.find((h: { type: string }) => h.type === 'image');
    const original = from.items.find((h: { type: string }) => h.type === 'image');
    expect(copied).toMatchObject({ title: '<b>Sunroof</b>', body: 'Opens\nwide', damage_colour: '#112233' });
    expect(copied.exterior.key_frames).toEqual(keyFrames);
    expect(copied.exterior.frames).toEqual(original.exterior.frames);
    const copyRows = await t.db
      .selectFrom('exterior_groups')
      .select(['id', 'group_order'])
      .where('content_id', '=', copy)
      .orderBy('group_order')
      .execute();
    expect(copied.exterior.group_id).toBe(copyRows[0]?.id);
    const closeup = to.items.find((h: { type: string }) => h.type === 'closeup_360');
    expect(closeup.closeup_group_id).toBe(copyRows[1]?.id);

    const inside = (await list(copy, 'interior')).items;
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatchObject({ title: 'Stereo', interior: { yaw: -45, pitch: 12 } });
    const copyScene = await t.db
      .selectFrom('interior_scenes')
      .select('id')
      .where('content_id', '=', copy)
      .executeTakeFirstOrThrow();
    expect(inside[0].interior.scene_id).toBe(copyScene.id);

    // The copy's files are its own: the same bytes under its prefix, still there once the original's are removed.
    const urls = [copied.custom_icon.url, copied.image.renditions.display.jpeg, inside[0].audio.url] as string[];
    for (const url of urls) expect(url).toContain(`/contents/${copy}/hotspots/`);
    expect(await fetchMedia(t.app, urls[0]!)).toEqual(await fetchMedia(t.app, original.custom_icon.url));
    for (const kind of ['icon', 'image']) {
      const removed = await as(t, owner, { method: 'DELETE', url: `${API}/hotspot/${car}/${image}/${kind}` });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});

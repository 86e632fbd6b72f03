import { beforeAll, describe, expect, it } from 'vitest';
import { hotspotsRepo } from '../../src/modules/hotspots/repo.ts';
import { processRepo } from '../../src/modules/processes/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { API, as, exteriorBody, interiorBody, seedVehicle } from './fixtures.ts';

/**
 * Hotspots through the content API against the real database: add, read, update, move and remove on the exterior
 * (key frames, interpolated) and the interior (yaw, pitch); the domain's maximum; the locks; plain text kept as
 * sent, whatever markup it holds; link fields refused unless they are video-sharing links.
 */

const t = useTestApp();
let owner: SignedInUser;
let v: Awaited<ReturnType<typeof seedVehicle>>;

beforeAll(async () => {
  const tenant = await t.make.tenant({ options: { max_manual_hotspots: 3 } });
  owner = await t.make.signedIn({ tenant, privilege_type: 'super' });
  v = await seedVehicle(t, owner);
});

const running = async (process: 'transfer' | 'obvr_movie') => {
  const [row] = await processRepo(t.db).insert([{ contentId: v.car, process, actorUserId: owner.id }]);
  await processRepo(t.db).change(row!.id, { status: 'running' });
  return row!.id;
};
const finished = (id: string) => processRepo(t.db).change(id, { status: 'succeeded', finished: true });

const post = (url: string, payload: unknown) =>
  as(t, owner, { method: 'POST', url: `${API}${url}`, payload: payload as object });

describe('exterior hotspots', () => {
  it('adds one with key frames, answers the frames it is seen on, and lists it', async () => {
    const res = await post(`/exterior/${v.car}/hotspots`, exteriorBody(v.group));
    expect(res.statusCode, res.body).toBe(201);
    const h = res.json();
    expect(h).toMatchObject({
      kind: 'exterior',
      type: 'inspector',
      icon_type: 'standard',
      icon_id: 24,
      damage_colour: 'white',
      category: 'feature',
      interior: null,
      custom_icon: null,
    });
    expect(h.exterior.frames).toEqual([2, 3, 4, 5, 6]);
    const list = await as(t, owner, { method: 'GET', url: `${API}/exterior/${v.car}/hotspots` });
    expect(list.json()).toMatchObject({ manual_count: 1, max_manual: 3 });
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([h.id]);

    // Moved across the end of the spin: 34, 35, 0, 1.
    const moved = await post(`/exterior/${v.car}/hotspots/${h.id}/coordinates`, {
      group_id: v.group,
      key_frames: [
        { frame: 34, x: 0.9, y: 0.5 },
        { frame: 1, x: 0.3, y: 0.5 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().exterior.frames).toEqual([0, 1, 34, 35]);

    const updated = await post(`/exterior/${v.car}/hotspots/${h.id}`, {
      type: 'video_link',
      video_url: 'https://youtu.be/dQw4w9WgXcQ?t=3',
      damage_type: 'scratch',
      damage_position: 'front bumper',
      damage_colour: '#FF0000',
      category: 'damage',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      type: 'video_link',
      video: { video_id: 'dQw4w9WgXcQ' },
      damage_type: 'scratch',
      damage_colour: '#FF0000',
      title: 'Sunroof',
    });

    const removed = await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/hotspots/${h.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toEqual([]);
  });

  it.each([
    [{ placement: { group_id: '999999', key_frames: [{ frame: 0, x: 0, y: 0 }] } }, 'placement.group_id'],
    [{ placement: { group_id: 'G', key_frames: [{ frame: 36, x: 0, y: 0 }] } }, 'placement.key_frames.0.frame'],
    [
      {
        placement: {
          group_id: 'G',
          key_frames: [
            { frame: 0, x: 0, y: 0 },
            { frame: 20, x: 0, y: 0 },
            { frame: 10, x: 0, y: 0 },
          ],
        },
      },
      'placement.key_frames',
    ],
    [{ placement: { group_id: 'G', key_frames: [{ frame: 0, x: 1.2, y: 0 }] } }, 'placement.key_frames.0.x'],
    [{ title: '' }, 'title'],
    [{ type: 'auto_detect' }, 'type'],
    [{ type: 'video_link' }, 'video_url'],
    [{ type: 'video_link', video_url: 'javascript:alert(1)' }, 'video_url'],
    [{ type: 'video_link', video_url: 'https://evil.example/watch?v=dQw4w9WgXcQ' }, 'video_url'],
    [{ type: 'closeup_360' }, 'closeup_group_id'],
    [{ type: 'closeup_360', closeup_group_id: '999999' }, 'closeup_group_id'],
    [{ html: '<b>x</b>' }, 'html'],
  ])('refuses %j with 422 naming %s, storing nothing', async (change, field) => {
    const body = JSON.parse(JSON.stringify(exteriorBody(v.group, change)).replaceAll('"G"', `"${v.group}"`));
    const before = await hotspotsRepo(t.db).list(v.car);
    const res = await post(`/exterior/${v.car}/hotspots`, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await hotspotsRepo(t.db).list(v.car)).toEqual(before);
  });

  it('a close-up opens another row of the vehicle', async () => {
    const res = await post(
      `/exterior/${v.car}/hotspots`,
      exteriorBody(v.group, { type: 'closeup_360', closeup_group_id: v.shortGroup }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().closeup_group_id).toBe(v.shortGroup);
    await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/hotspots/${res.json().id}` });
  });
});

describe('interior hotspots', () => {
  it('adds, moves and removes one on a scene', async () => {
    const res = await post(`/interior/${v.car}/hotspots`, interiorBody(v.scene));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'interior',
      interior: { scene_id: v.scene, yaw: 30, pitch: -10 },
      exterior: null,
    });
    const id = res.json().id;
    const moved = await post(`/interior/${v.car}/hotspots/${id}/coordinates`, {
      scene_id: v.scene,
      yaw: -170,
      pitch: 80,
    });
    expect(moved.json().interior).toEqual({ scene_id: v.scene, yaw: -170, pitch: 80 });
    // An interior hotspot is not found under the exterior's paths.
    const wrong = await post(`/exterior/${v.car}/hotspots/${id}`, { title: 'x' });
    expect(wrong.statusCode).toBe(404);
    const bad = await post(`/interior/${v.car}/hotspots/${id}/coordinates`, { scene_id: '999999', yaw: 0, pitch: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('scene_id');
    expect((await as(t, owner, { method: 'DELETE', url: `${API}/interior/${v.car}/hotspots/${id}` })).statusCode).toBe(
      200,
    );
  });
});

describe('plain text, never HTML', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '"><svg onload=alert(1)>',
    '&lt;b&gt; 日本語 &amp;',
  ];
  it.each(payloads)('keeps %s as the text sent, in the answer, the list and the row', async (text) => {
    const res = await post(
      `/exterior/${v.car}/hotspots`,
      exteriorBody(v.group, { title: text, body: `${text}\nline two` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: text, body: `${text}\nline two` });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const id = res.json().id;
    const row = await hotspotsRepo(t.db).get(v.car, id);
    expect([row?.title, row?.body]).toEqual([text, `${text}\nline two`]);
    const upd = await post(`/exterior/${v.car}/hotspots/${id}`, { body: text, damage_position: text });
    expect(upd.json()).toMatchObject({ body: text, damage_position: text });
    await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/hotspots/${id}` });
  });
});

describe('the maximum per vehicle and the locks', () => {
  it("refuses the hotspot past the domain's maximum, exterior and interior counted together", async () => {
    const ids: string[] = [];
    for (const body of [exteriorBody(v.group), interiorBody(v.scene), exteriorBody(v.group)]) {
      const res = await post(`/${'scene_id' in body.placement ? 'interior' : 'exterior'}/${v.car}/hotspots`, body);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const over = await post(`/interior/${v.car}/hotspots`, interiorBody(v.scene));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('max_content_count_exceeded');
    expect((await hotspotsRepo(t.db).list(v.car)).length).toBe(3);
    await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/hotspots/${ids[0]}` });
    await as(t, owner, { method: 'DELETE', url: `${API}/interior/${v.car}/hotspots/${ids[1]}` });
    await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/hotspots/${ids[2]}` });
  });

  it('a running process that locks annotation refuses changes with content_locked; one that does not, allows them', async () => {
    const added = (await post(`/exterior/${v.car}/hotspots`, exteriorBody(v.group))).json();
    // Transfer locks everything; obvr_movie locks the exterior except annotation.
    const transfer = await running('transfer');
    for (const [method, url, payload] of [
      ['POST', `/exterior/${v.car}/hotspots`, exteriorBody(v.group)],
      ['POST', `/exterior/${v.car}/hotspots/${added.id}`, { title: 'x' }],
      ['POST', `/exterior/${v.car}/hotspots/${added.id}/coordinates`, exteriorBody(v.group).placement],
      ['DELETE', `/exterior/${v.car}/hotspots/${added.id}`, undefined],
      ['POST', `/interior/${v.car}/hotspots`, interiorBody(v.scene)],
    ] as const) {
      const res = await as(t, owner, { method, url: `${API}${url}`, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json().error.code).toBe('content_locked');
    }
    await finished(transfer);
    const obvr = await running('obvr_movie');
    const res = await post(`/exterior/${v.car}/hotspots/${added.id}`, { title: 'Still editable' });
    expect(res.statusCode, res.body).toBe(200);
    await finished(obvr);
    await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/hotspots/${added.id}` });
  });

  it('deleting a row takes its hotspots with it', async () => {
    const added = (
      await post(
        `/exterior/${v.car}/hotspots`,
        exteriorBody(v.shortGroup, {
          placement: { group_id: v.shortGroup, key_frames: [{ frame: 1, x: 0.5, y: 0.5 }] },
        }),
      )
    ).json();
    expect(added.id).toBeDefined();
    const res = await as(t, owner, { method: 'DELETE', url: `${API}/exterior/${v.car}/rows/${v.shortGroup}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await hotspotsRepo(t.db).get(v.car, added.id)).toBeUndefined();
  });
});

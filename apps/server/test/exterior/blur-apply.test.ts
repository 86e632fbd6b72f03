import { beforeAll, describe, expect, it } from 'vitest';
import { exteriorRepo } from '../../src/modules/exterior/repo.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { rgbPixels } from '../helpers/pictures.ts';
import { difference, LABEL, LATER, plate, useBlurApp } from './blur-helpers.ts';

/**
 * The blur editor's changes on real frames (blur-helpers.ts): the `blur` process (run inline, as without a job
 * runner), the undo and the locks. The preview, the background target and the refusals are in blur.test.ts.
 */

const { t, api, vehicleWithFrames, blob, framesOf, previewUrl } = useBlurApp();
let owner: SignedInUser;

beforeAll(async () => {
  owner = await t.make.signedIn();
});

describe('POST /blurred_contents/{id}: the blur process', () => {
  it('makes an edited image for every frame of the range from its original; the rest and the originals stay', async () => {
    const s = await vehicleWithFrames(owner);
    const body = {
      group_id: s.groupId,
      blur_str: 80,
      regions: [
        plate([
          [0, LABEL],
          [18, LATER],
        ]),
      ],
    };
    const res = await api(owner).post(`/blurred_contents/${s.car}`, body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().process).toMatchObject({ process: 'blur', status: 'succeeded' });

    const frames = await framesOf(s.groupId);
    expect(frames.map((f) => f.original)).toEqual(s.originals);
    for (const f of frames) {
      if (f.frame_order <= 18) {
        expect(f.edit_kind, `frame ${f.frame_order}`).toBe('blur');
        expect(f.edited!.master).not.toBe(f.original.master);
        // The same sizes as the original, so every rendition keeps its place in the viewer.
        expect(Object.keys(f.edited!.renditions).sort()).toEqual(Object.keys(f.original.renditions).sort());
        expect(f.edited!.renditions.display!.width).toBe(f.original.renditions.display!.width);
      } else {
        expect(f.edit_kind, `frame ${f.frame_order}`).toBeNull();
        expect(f.edited).toBeNull();
      }
    }
    // Frame 0 blurred over its label, and the rest of it as it was.
    const edited = await rgbPixels(await blob(frames[0]!.edited!.renditions.display!.jpeg));
    const original = await rgbPixels(await blob(s.originals[0]!.renditions.display!.jpeg));
    expect(difference(original, edited, LABEL, 'inside')).toBeGreaterThan(8);
    expect(difference(original, edited, LABEL, 'outside')).toBeLessThan(3);

    // The list's thumbnail follows the first frame's blur.
    const content = await t.db
      .selectFrom('contents')
      .select('thumbnail_key')
      .where('id', '=', s.car)
      .executeTakeFirst();
    expect(content?.thumbnail_key).toBe(frames[0]!.edited!.renditions.thumbnail!.jpeg);

    // The settings are saved and read back.
    const read = await api(owner).get(`/blurred_contents/${s.car}`);
    expect(read.statusCode).toBe(200);
    const row = read.json().rows[0];
    expect(row.settings).toMatchObject({ blur_target: 'regions', blur_str: 80, bg_color: null });
    expect(row.settings.regions).toEqual(body.regions);
    expect(row.frames[0]).toMatchObject({ index: 0, edit_kind: 'blur' });
    expect(row.frames[0].original.renditions.display.jpeg).toContain(s.originals[0]!.renditions.display!.jpeg);
    expect(read.json().process).toMatchObject({ process: 'blur', status: 'succeeded', progress: 100 });
  });

  it('renders from the originals, never on top of an earlier blur; a new apply drops frames no longer covered', async () => {
    const s = await vehicleWithFrames(owner);
    const first = {
      group_id: s.groupId,
      blur_str: 60,
      regions: [
        plate([
          [0, LABEL],
          [4, LABEL],
        ]),
      ],
    };
    expect((await api(owner).post(`/blurred_contents/${s.car}`, first)).statusCode).toBe(202);
    const once = await framesOf(s.groupId);
    expect((await api(owner).post(`/blurred_contents/${s.car}`, first)).statusCode).toBe(202);
    const twice = await framesOf(s.groupId);
    // The same picture both times (content-addressed keys): the second blur started from the original again.
    expect(twice.map((f) => f.edited)).toEqual(once.map((f) => f.edited));

    const narrower = { ...first, regions: [plate([[2, LABEL]])] };
    expect((await api(owner).post(`/blurred_contents/${s.car}`, narrower)).statusCode).toBe(202);
    const after = await framesOf(s.groupId);
    expect(after.filter((f) => f.edit_kind === 'blur').map((f) => f.frame_order)).toEqual([2]);
    expect(after[2]!.edited).toEqual(once[2]!.edited);
  });

  it('skips replaced frames: the replacement stays as it is', async () => {
    const s = await vehicleWithFrames(owner);
    const replacement = s.originals[30]!;
    await exteriorRepo(t.db).setEdited(s.frameIds[1]!, { image: replacement, kind: 'replace' });
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: s.groupId,
      bg_color: '#000000',
      regions: [plate([[0, LABEL]], true)],
    });
    expect(res.statusCode, res.body).toBe(202);
    const frames = await framesOf(s.groupId);
    expect(frames[1]).toMatchObject({ edit_kind: 'replace', edited: replacement });
    expect(frames.filter((f) => f.edit_kind === 'blur')).toHaveLength(35);
    // The preview says so, and shows the replacement unblurred.
    const preview = await api(owner).get(
      previewUrl(s, { frame: '1', bg_color: '#000000', regions: JSON.stringify([plate([[0, LABEL]], true)]) }),
    );
    expect(preview.headers['x-blur-skipped']).toBe('replaced');
    const shown = await rgbPixels(await blob(replacement.renditions.display!.jpeg));
    expect(difference(shown, await rgbPixels(preview.rawPayload), LABEL, 'inside')).toBeLessThan(3);
  });

  it('reports progress as it goes (the process row, as the live socket sends it)', async () => {
    const s = await vehicleWithFrames(owner);
    const { blurWork } = await import('../../src/modules/exterior/blur-work.ts');
    const { createMedia } = await import('../../src/platform/media/index.ts');
    const { testAppStore } = await import('../helpers/exterior-seed.ts');
    const seen: number[] = [];
    await blurWork({ db: t.db, store: testAppStore(t.dir), media: createMedia() })({
      processId: '0',
      contentId: s.car,
      actorUserId: owner.id,
      signal: new AbortController().signal,
      payload: {
        group_id: s.groupId,
        blur_target: 'regions',
        blur_str: 50,
        bg_color: null,
        regions: [
          plate([
            [0, LABEL],
            [9, LABEL],
          ]),
        ],
      },
      progress: async (value) => {
        seen.push(value);
      },
      heartbeat: async () => undefined,
    });
    expect(seen).toHaveLength(10);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(95);
    expect((await framesOf(s.groupId)).filter((f) => f.edit_kind === 'blur')).toHaveLength(10);
  });
});

describe('DELETE /blurred_contents/{id}: undo', () => {
  it('shows the originals again, keeps replacements and the settings, and the thumbnail follows', async () => {
    const s = await vehicleWithFrames(owner);
    await exteriorRepo(t.db).setEdited(s.frameIds[3]!, { image: s.originals[20]!, kind: 'replace' });
    const body = { group_id: s.groupId, blur_str: 40, regions: [plate([[0, LABEL]], true)] };
    expect((await api(owner).post(`/blurred_contents/${s.car}`, body)).statusCode).toBe(202);
    const res = await api(owner).delete(`/blurred_contents/${s.car}?group_id=${s.groupId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ content_id: s.car, group_id: s.groupId, restored: 35 });
    const frames = await framesOf(s.groupId);
    expect(frames.map((f) => f.original)).toEqual(s.originals);
    expect(frames.filter((f) => f.edit_kind !== null).map((f) => [f.frame_order, f.edit_kind])).toEqual([
      [3, 'replace'],
    ]);
    const content = await t.db
      .selectFrom('contents')
      .select('thumbnail_key')
      .where('id', '=', s.car)
      .executeTakeFirst();
    expect(content?.thumbnail_key).toBe(s.originals[0]!.renditions.thumbnail!.jpeg);
    const read = await api(owner).get(`/blurred_contents/${s.car}`);
    expect(read.json().rows[0].settings.regions).toEqual(body.regions);
  });
});

describe('locks (the domain lock rules)', () => {
  it.each(['exterior_replace_image', 'slider_movie', 'obvr_movie', 'transfer'] as const)(
    'a running %s refuses apply and undo with content_locked naming it; the preview and the reading still answer',
    async (processName) => {
      const s = await vehicleWithFrames(owner, { process: 'running', processName }, 8);
      const body = { group_id: s.groupId, blur_str: 40, regions: [plate([[0, LABEL]])] };
      const apply = await api(owner).post(`/blurred_contents/${s.car}`, body);
      expect(apply.statusCode).toBe(409);
      expect(apply.json().error.code).toBe('content_locked');
      expect(apply.body).toContain(processName);
      const undo = await api(owner).delete(`/blurred_contents/${s.car}?group_id=${s.groupId}`);
      expect(undo.statusCode).toBe(409);
      expect(undo.json().error.code).toBe('content_locked');
      expect((await framesOf(s.groupId)).every((f) => f.edited === null)).toBe(true);
      const read = await api(owner).get(`/blurred_contents/${s.car}`);
      expect(read.json().rows[0].settings).toBeNull();
      const preview = await api(owner).get(
        previewUrl(s, { frame: '0', blur_str: '40', regions: JSON.stringify(body.regions) }),
      );
      expect(preview.statusCode).toBe(200);
    },
  );

  it('a running blur refuses another apply (blur locks APPLY_BLUR)', async () => {
    const s = await vehicleWithFrames(owner, { process: 'running', processName: 'blur' }, 8);
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: s.groupId,
      blur_str: 40,
      regions: [plate([[0, LABEL]])],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('content_locked');
  });

  it('a running multiple does not: the spec has it lock only content delete and transfer (a row can be blurred while another is made)', async () => {
    const s = await vehicleWithFrames(owner, { process: 'running', processName: 'multiple' }, 8);
    const res = await api(owner).post(`/blurred_contents/${s.car}`, {
      group_id: s.groupId,
      blur_str: 40,
      regions: [plate([[0, LABEL]])],
    });
    expect(res.statusCode, res.body).toBe(202);
  });
});

import {
  applyPublicationAction,
  PUBLICATION_ACTIONS,
  PUBLICATION_STATES,
  type PublicationAction,
  type PublicationState,
} from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { contentApi, useDealer } from './content-api.ts';

/**
 * Publication through the content API, table-driven over the domain's machine: every action from every state is
 * allowed exactly when PUBLICATION_ACTIONS allows it, and refused with its reason otherwise; publishing needs
 * images; deletion checks the locks; the bulk delete is all or none.
 */

const t = useTestApp();
const dealer = useDealer(t);
const { api } = dealer;

const stateOf = async (id: string) =>
  (await t.db.selectFrom('contents').select('publication').where('id', '=', id).executeTakeFirstOrThrow()).publication;

/** The call of each action (publish_limited is the publish call on a vehicle whose limited publication is on). */
function callFor(action: PublicationAction, id: string) {
  switch (action) {
    case 'publish':
    case 'publish_limited':
      return api.post(`/contents/public/${id}`);
    case 'unpublish':
      return api.post(`/contents/private/${id}`);
    case 'sleep':
      return api.post(`/contents/sleep/${id}`);
    case 'wake':
      return api.post(`/contents/wakeup/${id}`);
    case 'restore':
      return api.post(`/contents/restore/${id}`);
    case 'delete':
      return api.delete(`/contents/${id}`);
    case 'delete_permanently':
      return api.delete(`/contents/${id}?deleteType=hard`);
  }
}

const ACTIONS = Object.keys(PUBLICATION_ACTIONS) as PublicationAction[];
const CASES = ACTIONS.flatMap((action) =>
  PUBLICATION_STATES.filter((s) => s !== 'permanently_deleted').map((from) => ({ action, from })),
);

describe('every action from every state, as the machine says', () => {
  it.each(CASES)('$action from $from', async ({ action, from }) => {
    const [id] = await t.make.vehicles(dealer.user, {
      publication: from,
      fields: {
        has_exterior: true,
        limited_password_enabled: action === 'publish_limited',
        limited_password: action === 'publish_limited' ? 'buyers' : '',
      },
    });
    const expected = applyPublicationAction(from, action, { hasImages: true });
    const res = await callFor(action, id!);
    if (expected.ok) {
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(id!)).toBe(expected.to);
      if (res.json().publication !== undefined) expect(res.json().publication).toBe(expected.to);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'invalid_state_transition', params: { reason: expected.reason } });
      expect(await stateOf(id!)).toBe(from);
    }
  });

  it.each(ACTIONS)('%s of a vehicle deleted for good is 404 (it no longer exists for the dealer)', async (action) => {
    const [id] = await t.make.vehicles(dealer.user, {
      publication: 'permanently_deleted',
      fields: { has_exterior: true },
    });
    expect((await callFor(action, id!)).statusCode).toBe(404);
    expect(await stateOf(id!)).toBe('permanently_deleted');
  });
});

describe('publishing needs registered images', () => {
  it('refuses a vehicle without any image with publish_without_images', async () => {
    const [id] = await t.make.vehicles(dealer.user);
    const res = await api.post(`/contents/public/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('publish_without_images');
    expect(await stateOf(id!)).toBe('unpublished');
  });

  it.each(['has_exterior', 'has_interior', 'has_rider_view', 'has_category_images'] as const)(
    'publishes with %s alone',
    async (flag) => {
      const [id] = await t.make.vehicles(dealer.user, { fields: { [flag]: true } });
      const res = await api.post(`/contents/public/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().publication).toBe('published');
    },
  );

  it('does not count a web negotiation as an image', async () => {
    const [id] = await t.make.vehicles(dealer.user, { fields: { has_web_negotiation: true } });
    expect((await api.post(`/contents/public/${id}`)).json().error.code).toBe('publish_without_images');
  });
});

describe('VR mode', () => {
  it('turns on and off, refusing the same switch twice and a deleted vehicle', async () => {
    const [id] = await t.make.vehicles(dealer.user, { publication: 'sleeping' });
    const on = await api.post(`/contents/vrmode/on/${id}`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().vr_mode).toBe(true);
    const again = await api.post(`/contents/vrmode/on/${id}`);
    expect(again.json().error).toMatchObject({
      code: 'invalid_state_transition',
      params: { reason: 'already_in_state' },
    });
    expect((await api.post(`/contents/vrmode/off/${id}`)).json().vr_mode).toBe(false);
    const [deleted] = await t.make.vehicles(dealer.user, { publication: 'deleted' });
    expect((await api.post(`/contents/vrmode/on/${deleted}`)).statusCode).toBe(409);
  });

  it('is refused while slider_movie runs', async () => {
    const [id] = await t.make.vehicles(dealer.user, { process: 'running', processName: 'slider_movie' });
    const res = await api.post(`/contents/vrmode/on/${id}`);
    expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'slider_movie' } });
  });
});

describe('locks on publication and deletion', () => {
  it('refuses deletion while blur runs (naming it) and allows it once blur ends', async () => {
    const owner = await t.make.signedIn({ tenant: dealer.user.tenant, privilege_type: 'normal' });
    const own = contentApi(t.app, owner);
    const [id] = await t.make.vehicles(owner, { process: 'running', processName: 'blur' });
    const res = await own.delete(`/contents/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'content_locked',
      params: { process: 'blur', operation: 'CONTENT.DELETE' },
    });
    expect(await stateOf(id!)).toBe('unpublished');
    await t.make.update.processesOf(owner.id, 'succeeded');
    expect((await own.delete(`/contents/${id}`)).statusCode).toBe(200);
    expect(await stateOf(id!)).toBe('deleted');
  });

  it('lets slider_movie and exterior_autodetect_annotation runs allow a delete (the lock rule exempts them)', async () => {
    const [a] = await t.make.vehicles(dealer.user, {
      process: 'running',
      processName: 'exterior_autodetect_annotation',
    });
    expect((await api.delete(`/contents/${a}`)).statusCode).toBe(200);
  });

  it('refuses publishing while a transfer runs', async () => {
    const [id] = await t.make.vehicles(dealer.user, {
      process: 'queued',
      processName: 'transfer',
      fields: { has_exterior: true },
    });
    const res = await api.post(`/contents/public/${id}`);
    expect(res.json().error).toMatchObject({ code: 'content_locked', params: { process: 'transfer' } });
    expect(await stateOf(id!)).toBe('unpublished');
  });
});

describe('POST /contents/delete/bulk', () => {
  const bulk = (ids: readonly (string | undefined)[], deleteType?: 'hard') =>
    api.post('/contents/delete/bulk', { ids, ...(deleteType ? { delete_type: deleteType } : {}) });

  it('deletes every vehicle named, once each', async () => {
    const ids = await t.make.vehicles(dealer.user, { count: 3, publication: 'published' });
    const res = await bulk([...ids, ids[0]]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 3, ids });
    for (const id of ids) expect(await stateOf(id)).toBe('deleted');
    const hard = await bulk(ids, 'hard');
    expect(hard.statusCode).toBe(200);
    for (const id of ids) expect(await stateOf(id)).toBe('permanently_deleted');
  });

  it('cancels the whole batch when one vehicle is being processed, naming how many', async () => {
    const free = await t.make.vehicles(dealer.user, { count: 2 });
    const [busy] = await t.make.vehicles(dealer.user, { process: 'running', processName: 'interior_enhance' });
    const res = await bulk([...free, busy]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'bulk_delete_cancelled', params: { count: 1, total: 3 } });
    for (const id of [...free, busy!]) expect(await stateOf(id)).toBe('unpublished');
  });

  it('cancels the whole batch when one vehicle cannot go to that state', async () => {
    const [live] = await t.make.vehicles(dealer.user);
    const [deleted] = await t.make.vehicles(dealer.user, { publication: 'deleted' });
    const res = await bulk([live, deleted], 'hard');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'invalid_state_transition',
      params: { reason: 'permanent_delete_only_from_deleted' },
    });
    expect(await stateOf(deleted!)).toBe('deleted');
  });

  it("is 404 and deletes nothing when one vehicle is another tenant's", async () => {
    const stranger = await t.make.user();
    const [theirs] = await t.make.vehicles(stranger);
    const [mine] = await t.make.vehicles(dealer.user);
    expect((await bulk([mine, theirs])).statusCode).toBe(404);
    expect(await stateOf(mine!)).toBe('unpublished');
    expect(await stateOf(theirs!)).toBe('unpublished');
  });

  it.each([
    [{ ids: [] }, 'ids'],
    [{ ids: ['x'] }, 'ids.0'],
    [{ ids: Array.from({ length: 301 }, (_, i) => String(i + 1)) }, 'ids'],
    [{ ids: ['1'], delete_type: 'forever' }, 'delete_type'],
  ])('refuses %j with 422 naming %s', async (body, field) => {
    const res = await api.post('/contents/delete/bulk', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('refuses an unknown deleteType', async () => {
    const [id] = await t.make.vehicles(dealer.user);
    const res = await api.delete(`/contents/${id}?deleteType=forever`);
    expect(res.statusCode).toBe(422);
    expect(await stateOf(id!)).toBe('unpublished' satisfies PublicationState);
  });
});

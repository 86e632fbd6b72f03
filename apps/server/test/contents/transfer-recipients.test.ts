import { canReceiveTransfer, TRANSFER_RECIPIENTS_MAX } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { loadCaller } from '../../src/modules/actor/permission-actor.ts';
import { RECIPIENT_COLUMNS } from '../../src/modules/contents/transfer-repo.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { contentApi } from './content-api.ts';

/**
 * `GET /contents/transfer-recipients`: the users a transfer would accept, per role (canReceiveTransfer), without
 * the vehicles' owners, never of another tenant; refused (forbidden) to a normal user who may not transfer.
 */

const t = useTestApp();

async function dealer(options: Record<string, unknown> = {}) {
  const tenant = await t.make.tenant({ options });
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super', name: 'Sato Super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Abe Admin' });
  const normal = await t.make.signedInUnder(admin, { name: 'Noda Normal' });
  const colleague = await t.make.signedInUnder(admin, { name: 'Kato Colleague' });
  const otherAdmin = await t.make.signedIn({ tenant, privilege_type: 'admin', name: 'Ota Admin' });
  const otherNormal = await t.make.signedInUnder(otherAdmin, { name: 'Mori Normal' });
  return { tenant, sup, admin, normal, colleague, otherAdmin, otherNormal };
}

type Item = { id: string; name: string; is_self: boolean; privilege_type: string };
const recipients = async (who: { contentToken: string }, query = '') => {
  const res = await contentApi(t.app, who).get(`/contents/transfer-recipients${query}`);
  return { status: res.statusCode, body: res.json(), ids: ((res.json().items ?? []) as Item[]).map((u) => u.id) };
};

describe('GET /contents/transfer-recipients', () => {
  it('lists for a super user every user of their domain, themself first then by name, and no other tenant', async () => {
    const d = await dealer();
    const other = await dealer();
    const res = await recipients(d.sup);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ id: d.sup.id, is_self: true, privilege_type: 'super' });
    // By name after the caller: Abe, Kato, Mori, Noda, Ota.
    expect(res.ids).toEqual([d.sup.id, d.admin.id, d.colleague.id, d.otherNormal.id, d.normal.id, d.otherAdmin.id]);
    expect(res.body.items.slice(1).every((u: Item) => !u.is_self)).toBe(true);
    for (const id of Object.values(other).map((u) => (u as { id?: string }).id)) expect(res.ids).not.toContain(id);
  });

  it("leaves out the vehicles' current owners and keeps to the vehicles' domain", async () => {
    const d = await dealer();
    const [car] = await t.make.vehicles(d.normal);
    const [colleagues] = await t.make.vehicles(d.colleague);
    const one = await recipients(d.sup, `?content_ids=${car}`);
    expect(one.ids).not.toContain(d.normal.id);
    expect(one.ids).toContain(d.colleague.id);
    const both = await recipients(d.sup, `?content_ids=${car},${colleagues}`);
    expect(both.ids).not.toContain(d.normal.id);
    expect(both.ids).not.toContain(d.colleague.id);
    expect(both.ids).toContain(d.admin.id);
  });

  it('lists for an admin themself and the normal users under them only', async () => {
    const d = await dealer();
    expect((await recipients(d.admin)).ids).toEqual([d.admin.id, d.colleague.id, d.normal.id]);
  });

  it('lists for a normal user who may transfer their admin, themself and their colleagues', async () => {
    const d = await dealer({ normal_user_transfer: true });
    const [car] = await t.make.vehicles(d.normal);
    expect((await recipients(d.normal)).ids).toEqual([d.normal.id, d.admin.id, d.colleague.id]);
    expect((await recipients(d.normal, `?content_ids=${car}`)).ids).toEqual([d.admin.id, d.colleague.id]);
    // Every one listed is accepted by the transfer itself.
    const res = await contentApi(t.app, d.normal).post(`/contents/transfer/${car}/${d.colleague.id}`);
    expect(res.statusCode).toBe(202);
  });

  it('is forbidden to a normal user while the domain option is off, or their own setting turns it off', async () => {
    const off = await dealer({ normal_user_transfer: false });
    const res = await recipients(off.normal);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');

    const on = await dealer({ normal_user_transfer: true });
    await t.make.update.user(on.normal.id, { image_system: JSON.stringify({ normal_user_transfer: false }) });
    expect((await recipients(on.normal)).status).toBe(403);
    const [car] = await t.make.vehicles(on.normal);
    const transfer = await contentApi(t.app, on.normal).post(`/contents/transfer/${car}/${on.colleague.id}`);
    expect(transfer.statusCode).toBe(403);
    expect((await recipients(on.colleague)).status).toBe(200);
  });

  it('lists for master the users of the named vehicles’ domain only', async () => {
    const d = await dealer();
    const other = await dealer();
    const master = await t.make.master();
    const [car] = await t.make.vehicles(d.normal);
    const res = await recipients(master, `?content_ids=${car}`);
    expect(res.ids).toEqual(expect.arrayContaining([d.sup.id, d.admin.id, d.colleague.id, d.otherNormal.id]));
    expect(res.ids).not.toContain(d.normal.id);
    expect(res.ids).not.toContain(other.sup.id);
    const [othersCar] = await t.make.vehicles(other.normal);
    expect((await recipients(master, `?content_ids=${car},${othersCar}`)).ids).toEqual([]);
  });

  it('lists exactly the users canReceiveTransfer accepts, for every role', async () => {
    const d = await dealer({ normal_user_transfer: true });
    await dealer({ normal_user_transfer: true });
    const everyone = await t.db.selectFrom('users').select(RECIPIENT_COLUMNS).where('deleted_at', 'is', null).execute();
    const callers: SignedInUser[] = [d.sup, d.admin, d.otherAdmin, d.normal, d.otherNormal];
    for (const who of callers) {
      const { permission } = await loadCaller(t.db, {
        userId: who.id,
        sessionId: who.sessionId,
        domainId: who.domainId,
        companyId: who.companyId,
        privilegeType: who.privilegeType,
        status: 'active',
      });
      const accepted = everyone.filter((u) => canReceiveTransfer(permission, u).ok).map((u) => u.id);
      expect((await recipients(who)).ids.toSorted(), who.email).toEqual(accepted.toSorted());
    }
  });

  it('searches by name or address, each comma-separated word matching, and answers at most 30', async () => {
    const d = await dealer();
    expect((await recipients(d.sup, '?q=kato')).ids).toEqual([d.colleague.id]);
    expect((await recipients(d.sup, `?q=${encodeURIComponent(d.otherAdmin.email)}`)).ids).toEqual([d.otherAdmin.id]);
    expect((await recipients(d.sup, '?q=admin,ota')).ids).toEqual([d.otherAdmin.id]);
    expect((await recipients(d.sup, '?q=100%25')).ids).toEqual([]);
    await t.make.manyUsers(40, { tenant: d.tenant, privilege_type: 'normal', parent_user_id: d.admin.id });
    expect((await recipients(d.admin)).ids).toHaveLength(TRANSFER_RECIPIENTS_MAX);
  });

  it('never lists a deleted user, and a transfer to one is not found', async () => {
    const d = await dealer();
    const gone = await t.make.user({
      tenant: d.tenant,
      privilege_type: 'normal',
      parent_user_id: d.admin.id,
      deleted_at: new Date(),
    });
    expect((await recipients(d.sup)).ids).not.toContain(gone.id);
    const [car] = await t.make.vehicles(d.normal);
    const res = await contentApi(t.app, d.sup).post(`/contents/transfer/${car}/${gone.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('is not_found for a vehicle the caller does not see, and checks its query', async () => {
    const d = await dealer();
    const [othersCar] = await t.make.vehicles(d.otherNormal);
    const res = await recipients(d.admin, `?content_ids=${othersCar}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const bad = await recipients(d.sup, '?content_ids=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields[0].field).toMatch(/^content_ids/);
  });
});

import { ERROR_CATALOGUE, isErrorCode } from '@spinyard/domain';
import {
  checkCapability,
  isVariantReachable,
  matrixActor,
  PERMISSION_MATRIX,
  PERMISSION_VARIANTS,
  type PermissionMatrixRow,
  type PermissionVariant,
} from '@spinyard/domain/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { domainBody } from '../tenancy/helpers.ts';
import { authHeader, type FixtureUser, makeTenant, makeUser, snapshot as usersSnapshot } from './fixtures.ts';

/**
 * The roles table of section 6 against the API: every row of PERMISSION_MATRIX that the accounts and tenancy
 * areas serve (users, companies, domains), for every
 * reachable role variant (master, super, admin and normal; product-branded or not; paying by card or not; joined
 * to the listing site), in a domain with the row's options. Allowed calls succeed; refused ones answer the status
 * and code of the domain's own check, and change nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface World {
  domainId: string;
  actor: FixtureUser;
  groupAdmin: FixtureUser;
  subordinate: FixtureUser;
  otherDomainNormal: FixtureUser;
}

let seq = 0;

/** Users, groups, sessions, domains and companies, to show that a refused call changed nothing. */
async function snapshot(db: TestApp['db']): Promise<string> {
  const domains = await db.selectFrom('domains').selectAll().orderBy('id').execute();
  const companies = await db.selectFrom('companies').selectAll().orderBy('id').execute();
  return JSON.stringify({ accounts: await usersSnapshot(db), domains, companies });
}

async function world(row: PermissionMatrixRow, v: PermissionVariant): Promise<World> {
  seq += 1;
  const tenant = await makeTenant(t.db, {
    options: { ...row.domainOptions, listing_link: true, user_registration_limit: 1000 },
  });
  // A domain where the operator (master) belongs is the product's own domain: that is what makes a user branded.
  const master =
    v.privilegeType === 'master' || v.isProductBranded
      ? await makeUser(t.db, tenant, { privilegeType: 'master' })
      : undefined;
  const pay = { isPayByCredit: v.isPayByCredit };
  const groupAdmin = await makeUser(t.db, tenant, {
    privilegeType: 'admin',
    ...(v.privilegeType === 'admin' ? pay : {}),
  });
  const subordinate = await makeUser(t.db, tenant, { privilegeType: 'normal', parentUserId: groupAdmin.id });
  let actor: FixtureUser;
  switch (v.privilegeType) {
    case 'master':
      actor = master as FixtureUser;
      break;
    case 'super':
      actor = await makeUser(t.db, tenant, { privilegeType: 'super', ...pay });
      break;
    case 'admin':
      actor = groupAdmin;
      break;
    case 'normal':
      actor = await makeUser(t.db, tenant, { privilegeType: 'normal', parentUserId: groupAdmin.id, ...pay });
      break;
  }
  if (v.csJoined) {
    await t.db
      .updateTable('users')
      .set({ image_system: JSON.stringify({ cs_join: true }) })
      .where('id', '=', actor.id)
      .execute();
  }
  const other = await makeTenant(t.db, { options: { is_user_add: true } });
  const otherAdmin = await makeUser(t.db, other, { privilegeType: 'admin' });
  const otherDomainNormal = await makeUser(t.db, other, { privilegeType: 'normal', parentUserId: otherAdmin.id });
  return { domainId: tenant.domainId, actor, groupAdmin, subordinate, otherDomainNormal };
}

interface Call {
  request: InjectOptions;
  success: number;
}

/**
 * Capabilities that one call serves together: `POST /v1/company` is both the super's company edit and the branded
 * admin's company update, so it succeeds for whoever either row allows, and refuses with the reason of the first.
 */
const SERVED_TOGETHER: Record<string, readonly PermissionMatrixRow['capability'][]> = {
  edit_company: ['edit_company', 'update_company'],
  update_company: ['edit_company', 'update_company'],
};

const companyUpdate = (): Call => ({
  request: { method: 'POST', url: '/v1/company', payload: { tel: '03-1234-5678' } },
  success: 200,
});

/** The call that stands for a capability, and the status it answers when allowed. */
const CALLS: Record<string, (w: World, row: PermissionMatrixRow) => Call> = {
  list_users: () => ({ request: { method: 'GET', url: '/v1/subordinates' }, success: 200 }),
  add_user: (w) => ({
    request: {
      method: 'POST',
      url: '/v1/subordinates',
      payload: {
        email: `matrix-add-${seq}@example.test`,
        password: 'secret-pass-1',
        privilege_type: 'normal',
        name: 'Added',
        parent_user_id: w.groupAdmin.id,
      },
    },
    success: 201,
  }),
  edit_user: (w, row) => ({
    request: {
      method: 'POST',
      url: `/v1/subordinates/${row.target === 'other_domain_normal' ? w.otherDomainNormal.id : w.subordinate.id}`,
      payload: { display_name: 'Edited' },
    },
    success: 200,
  }),
  import_users_csv: () => ({
    request: {
      method: 'POST',
      url: '/v1/subordinates-upload',
      headers: { 'content-type': 'text/csv' },
      payload: `email,password,privilege_type,name,parent_email,company_section,car_limit\r\nmatrix-csv-${seq}@example.test,secret-pass-1,admin,Csv,,,\r\n`,
    },
    success: 200,
  }),
  toggle_user: (w) => ({
    request: { method: 'POST', url: `/v1/subordinates/${w.subordinate.id}/status`, payload: { status: 'inactive' } },
    success: 200,
  }),
  delete_user: (w, row) => ({
    request: {
      method: 'DELETE',
      url: `/v1/subordinates/${row.target === 'other_domain_normal' ? w.otherDomainNormal.id : w.subordinate.id}`,
    },
    success: 200,
  }),
  change_privilege: (w) => ({
    request: {
      method: 'POST',
      url: `/v1/privilege-type-change/${w.subordinate.id}`,
      payload: { privilege_type: 'admin' },
    },
    success: 200,
  }),
  view_company_info: () => ({ request: { method: 'GET', url: '/v1/companyinfo' }, success: 200 }),
  edit_company: companyUpdate,
  update_company: companyUpdate,
  add_domain: () => ({ request: { method: 'POST', url: '/v1/domain', payload: domainBody() }, success: 201 }),
  edit_domain: (w) => ({
    request: { method: 'POST', url: `/v1/domain/${w.domainId}`, payload: { service_name: `Renamed ${seq}` } },
    success: 200,
  }),
};

const baseOf = (row: PermissionMatrixRow) => row.capability.split('__')[0] as string;
const rows = PERMISSION_MATRIX.filter((row) => baseOf(row) in CALLS);
const variants = PERMISSION_VARIANTS.filter(isVariantReachable);

describe('permission matrix over the users API', () => {
  it('covers every capability of the roles table that these areas serve', () => {
    expect(new Set(rows.map(baseOf))).toEqual(new Set(Object.keys(CALLS)));
  });

  for (const row of rows) {
    describe(`${row.capability}: ${row.rule}`, () => {
      for (const v of variants) {
        const call = CALLS[baseOf(row)];
        if (!call) throw new Error(`no call for ${row.capability}`);
        const served = SERVED_TOGETHER[baseOf(row)] ?? [row.capability];
        const rowsServed = served.map((capability) => PERMISSION_MATRIX.find((r) => r.capability === capability));
        const allowed = rowsServed.some((r) => r?.expected[v.id] === true);
        it(`${v.id} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          const w = await world(row, v);
          const headers = await authHeader(t.app, w.actor);
          const { request, success } = call(w, row);
          const before = await snapshot(t.db);
          const res = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), ...headers } });
          if (allowed) {
            expect(res.statusCode, res.body).toBe(success);
            return;
          }
          const check = checkCapability(served[0] ?? row.capability, matrixActor(v, row.domainOptions));
          if (check.ok || !isErrorCode(check.reason))
            throw new Error(`the matrix refuses ${v.id} but the check allows it`);
          expect(res.statusCode, res.body).toBe(ERROR_CATALOGUE[check.reason].status);
          expect(res.json().error.code).toBe(check.reason);
          expect(await snapshot(t.db)).toBe(before);
        });
      }
    });
  }
});

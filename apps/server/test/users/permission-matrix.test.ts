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
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { domainBody, type Factory, factory, type Session, type TestUser } from '../helpers/factory.ts';
import { tenancySnapshot as snapshot } from '../helpers/snapshot.ts';

/**
 * The roles table of section 6 against the API: every row of PERMISSION_MATRIX that the accounts and tenancy
 * areas serve (users, groups, companies, domains), through every route that serves it, for every reachable role
 * variant (master, super, admin and normal; product-branded or not; paying by card or not; joined to the listing
 * site), in a domain with the row's options. An allowed call answers its success status AND makes its change in
 * the rows; a refused one answers the status and code of the domain's own check and changes no row. So removing
 * a rule from the server (or from the domain function it calls) fails a test here.
 */

const t = useTestApp();
let f: Factory;
beforeAll(() => {
  f = factory(t.db);
});

interface World {
  domainId: string;
  actor: TestUser & Session;
  groupAdmin: TestUser;
  subordinate: TestUser;
  /** Another super user of the actor's domain (rows whose target is `domain_super`). */
  domainSuper: TestUser | undefined;
  otherDomainNormal: TestUser;
  /** A group of the actor's domain headed by groupAdmin (group rows). */
  groupId: string | undefined;
}

let seq = 0;

async function world(row: PermissionMatrixRow, v: PermissionVariant): Promise<World> {
  seq += 1;
  const tenant = await f.tenant({
    options: { ...row.domainOptions, listing_link: true, user_registration_limit: 1000 },
  });
  // A domain where the operator (master) belongs is the product's own domain: that is what makes a user branded.
  const master = v.privilegeType === 'master' || v.isProductBranded ? await f.master({ tenant }) : undefined;
  const pay = { is_pay_by_credit: v.isPayByCredit };
  const groupAdmin = await f.user({ tenant, privilege_type: 'admin', ...(v.privilegeType === 'admin' ? pay : {}) });
  const subordinate = await f.user({ tenant, privilege_type: 'normal', parent_user_id: groupAdmin.id });
  const domainSuper = row.target === 'domain_super' ? await f.user({ tenant, privilege_type: 'super' }) : undefined;
  const joined = v.csJoined ? { image_system: JSON.stringify({ cs_join: true }) } : {};
  let actor: TestUser & Session;
  switch (v.privilegeType) {
    case 'master':
      actor = master as TestUser & Session;
      break;
    case 'super':
      actor = await f.signedIn({ tenant, privilege_type: 'super', ...pay, ...joined });
      break;
    case 'admin':
      actor = { ...groupAdmin, ...(await f.session(groupAdmin)) };
      break;
    case 'normal':
      actor = await f.signedIn({
        tenant,
        privilege_type: 'normal',
        parent_user_id: groupAdmin.id,
        ...pay,
        ...joined,
      });
      break;
  }
  const groupId = baseOf(row) === 'manage_groups' ? (await f.group({ tenant, admin: groupAdmin })).id : undefined;
  const other = await f.tenant({ options: { is_user_add: true } });
  const otherAdmin = await f.user({ tenant: other, privilege_type: 'admin' });
  const otherDomainNormal = await f.user({ tenant: other, privilege_type: 'normal', parent_user_id: otherAdmin.id });
  return { domainId: tenant.domainId, actor, groupAdmin, subordinate, domainSuper, otherDomainNormal, groupId };
}

interface Call {
  request: InjectOptions;
  success: number;
  /** Proves the allowed call did its work in the rows. Reads have none: they must change nothing. */
  effect?: () => Promise<void>;
}

type Endpoint = (w: World, row: PermissionMatrixRow) => Call;

/** An endpoint that serves only some rows of its capability (super users are edited through their own route). */
interface Scoped {
  only: (row: PermissionMatrixRow) => boolean;
  call: Endpoint;
}
const scoped = (only: Scoped['only'], call: Endpoint): Scoped => ({ only, call });

const user = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userByEmail = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();

/** The user a row's call is about. */
function targetOf(w: World, row: PermissionMatrixRow): string {
  switch (row.target) {
    case 'other_domain_normal':
      return w.otherDomainNormal.id;
    case 'domain_super':
      if (!w.domainSuper) throw new Error('no super in this world');
      return w.domainSuper.id;
    default:
      return w.subordinate.id;
  }
}

/**
 * Capabilities that one call serves together: `POST /v1/company` is both the super's company edit and the branded
 * admin's company update, so it succeeds for whoever either row allows, and refuses with the reason of the first.
 */
const SERVED_TOGETHER: Record<string, readonly PermissionMatrixRow['capability'][]> = {
  edit_company: ['edit_company', 'update_company'],
  update_company: ['edit_company', 'update_company'],
};

/** A column of the row of `table` where `key` is `value` (undefined when there is no such row). */
async function columnOf(table: 'groups' | 'domains' | 'companies', column: string, key: string, value: unknown) {
  const row = await t.db
    .selectFrom(table)
    .select(sql.ref<unknown>(column).as('value'))
    .where(sql.ref(key), '=', value)
    .executeTakeFirst();
  return row?.value;
}

/** A call with a JSON body answering `success` when allowed, its work checked by `effect`. */
const send = (
  method: 'POST' | 'DELETE',
  url: string,
  payload: InjectOptions['payload'],
  success: number,
  effect: () => Promise<void>,
): Call => ({ request: { method, url, ...(payload === undefined ? {} : { payload }) }, success, effect });

const read =
  (url: string): Endpoint =>
  () => ({ request: { method: 'GET', url }, success: 200 });

const companyUpdate: Endpoint = (w) => {
  const tel = `03-${String(1000 + (seq % 9000))}-5678`;
  return send('POST', '/v1/company', { tel }, 200, async () =>
    expect(await columnOf('companies', 'tel', 'id', w.actor.companyId)).toBe(tel),
  );
};

const deleted = (id: string) => async () => {
  expect((await user(id)).deleted_at).not.toBeNull();
};

/** Every route that serves a capability, by name, and the status it answers when allowed. */
const CALLS: Record<string, Record<string, Endpoint | Scoped>> = {
  list_users: { 'GET /v1/subordinates': read('/v1/subordinates') },
  add_user: {
    'POST /v1/subordinates': (w) => {
      const email = `matrix-add-${seq}@example.test`;
      const body = { email, password: 'secret-pass-1', privilege_type: 'normal', name: 'Added' };
      return send('POST', '/v1/subordinates', { ...body, parent_user_id: w.groupAdmin.id }, 201, async () => {
        const added = await userByEmail(email);
        expect(added?.parent_user_id).toBe(w.groupAdmin.id);
        expect(added?.privilege_type).toBe('normal');
      });
    },
  },
  edit_user: {
    // Super users are edited through their own route; every other user through the subordinates route.
    'POST /v1/subordinates/{id}': scoped(
      (row) => row.target !== 'domain_super',
      (w, row) =>
        send('POST', `/v1/subordinates/${targetOf(w, row)}`, { display_name: 'Edited' }, 200, async () =>
          expect((await user(targetOf(w, row))).display_name).toBe('Edited'),
        ),
    ),
    'POST /v1/superusers/{id}': scoped(
      (row) => row.target === 'domain_super',
      (w, row) =>
        send('POST', `/v1/superusers/${targetOf(w, row)}`, { name: 'Edited' }, 200, async () =>
          expect((await user(targetOf(w, row))).name).toBe('Edited'),
        ),
    ),
  },
  import_users_csv: {
    'POST /v1/subordinates-upload': () => {
      const email = `matrix-csv-${seq}@example.test`;
      return {
        request: {
          method: 'POST',
          url: '/v1/subordinates-upload',
          headers: { 'content-type': 'text/csv' },
          payload: `email,password,privilege_type,name,parent_email,company_section,car_limit\r\n${email},secret-pass-1,admin,Csv,,,\r\n`,
        },
        success: 200,
        effect: async () => expect((await userByEmail(email))?.privilege_type).toBe('admin'),
      };
    },
  },
  toggle_user: {
    'POST /v1/subordinates/{id}/status': (w, row) =>
      send('POST', `/v1/subordinates/${targetOf(w, row)}/status`, { status: 'inactive' }, 200, async () =>
        expect((await user(targetOf(w, row))).status).toBe('inactive'),
      ),
  },
  delete_user: {
    'DELETE /v1/subordinates/{id}': (w, row) =>
      send('DELETE', `/v1/subordinates/${targetOf(w, row)}`, undefined, 200, deleted(targetOf(w, row))),
    'DELETE /v1/subordinates-delete': (w, row) =>
      send('DELETE', '/v1/subordinates-delete', { ids: [targetOf(w, row)] }, 200, deleted(targetOf(w, row))),
  },
  change_privilege: {
    'POST /v1/privilege-type-change/{id}': (w, row) =>
      send('POST', `/v1/privilege-type-change/${targetOf(w, row)}`, { privilege_type: 'admin' }, 200, async () =>
        expect((await user(targetOf(w, row))).privilege_type).toBe('admin'),
      ),
  },
  manage_superusers: {
    'GET /v1/superusers': read('/v1/superusers'),
    'POST /v1/superusers': (w) => {
      const email = `matrix-super-${seq}@example.test`;
      return send('POST', '/v1/superusers', { email, name: 'Registered', domain_id: w.domainId }, 201, async () => {
        const registered = await userByEmail(email);
        expect(registered?.privilege_type).toBe('super');
        expect(registered?.domain_id).toBe(w.domainId);
      });
    },
  },
  manage_groups: {
    'POST /v1/groups': (w) => {
      const name = `Matrix group ${seq}`;
      const domain = w.actor.privilegeType === 'master' ? { domain_id: w.domainId } : {};
      return send('POST', '/v1/groups', { name, ...domain }, 201, async () =>
        expect(await columnOf('groups', 'domain_id', 'name', name)).toBe(w.domainId),
      );
    },
    'POST /v1/groups/{id}': (w) =>
      send('POST', `/v1/groups/${w.groupId}`, { name: `Renamed group ${seq}` }, 200, async () =>
        expect(await columnOf('groups', 'name', 'id', w.groupId)).toBe(`Renamed group ${seq}`),
      ),
    'DELETE /v1/groups/{id}': (w) =>
      send('DELETE', `/v1/groups/${w.groupId}`, undefined, 200, async () =>
        expect(await columnOf('groups', 'id', 'id', w.groupId)).toBeUndefined(),
      ),
  },
  view_company_info: { 'GET /v1/companyinfo': read('/v1/companyinfo') },
  edit_company: { 'POST /v1/company': companyUpdate },
  update_company: { 'POST /v1/company': companyUpdate },
  add_domain: {
    'POST /v1/domain': () => {
      const body = domainBody();
      return send('POST', '/v1/domain', body, 201, async () =>
        expect(await columnOf('domains', 'company_code', 'host', body.host)).toBe(body.company_code),
      );
    },
  },
  edit_domain: {
    'POST /v1/domain/{id}': (w) =>
      send('POST', `/v1/domain/${w.domainId}`, { service_name: `Renamed ${seq}` }, 200, async () =>
        expect(await columnOf('domains', 'service_name', 'id', w.domainId)).toBe(`Renamed ${seq}`),
      ),
  },
};

function baseOf(row: PermissionMatrixRow): string {
  return row.capability.split('__')[0] as string;
}
const rows = PERMISSION_MATRIX.filter((row) => baseOf(row) in CALLS);
const variants = PERMISSION_VARIANTS.filter(isVariantReachable);

describe('permission matrix over the users, groups, company and domain APIs', () => {
  it('covers every capability of the roles table that these areas serve', () => {
    expect(new Set(rows.map(baseOf))).toEqual(new Set(Object.keys(CALLS)));
  });

  for (const row of rows) {
    const endpoints = Object.entries(CALLS[baseOf(row)] ?? {}).flatMap(([name, e]): [string, Endpoint][] =>
      typeof e === 'function' ? [[name, e]] : e.only(row) ? [[name, e.call]] : [],
    );
    const served = SERVED_TOGETHER[baseOf(row)] ?? [row.capability];
    const rowsServed = served.map((capability) => PERMISSION_MATRIX.find((r) => r.capability === capability));
    describe(`${row.capability}: ${row.rule}`, () => {
      for (const [name, endpoint] of endpoints) {
        for (const v of variants) {
          const allowed = rowsServed.some((r) => r?.expected[v.id] === true);
          it(`${v.id} is ${allowed ? 'allowed' : 'refused'}: ${name}`, async () => {
            const w = await world(row, v);
            const { request, success, effect } = endpoint(w, row);
            const before = await snapshot(t.db);
            const res = await t.app.inject({
              ...request,
              headers: { ...(request.headers ?? {}), ...w.actor.headers },
            });
            if (allowed) {
              expect(res.statusCode, res.body).toBe(success);
              if (effect) await effect();
              else expect(await snapshot(t.db)).toBe(before);
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
      }
    });
  }
});

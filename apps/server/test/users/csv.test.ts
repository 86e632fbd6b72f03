import { USER_CSV_HEADER, USER_CSV_TEMPLATE } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { Tenant } from '../helpers/factory.ts';
import { signIn } from '../helpers/http.ts';

const t = useTestApp();

const HEADER = USER_CSV_HEADER.join(',');
let seq = 0;
const uniq = () => `${Date.now()}-${++seq}`;

function file(lines: string[], header = HEADER): string {
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

async function importer(options: Record<string, unknown> = {}) {
  const tenant = await t.make.tenant({ options });
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin' });
  return { tenant, sup, admin, headers: (await t.make.session(sup)).headers };
}

function upload(headers: Record<string, string>, body: string | Buffer, type = 'text/csv') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/subordinates-upload',
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
}

async function usersIn(tenant: Tenant): Promise<number> {
  const r = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('domain_id', '=', tenant.domainId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The user the file added with this address. */
const userByEmail = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('GET /v1/subordinates-template', () => {
  it('downloads the header line as UTF-8 text/csv', async () => {
    const { headers } = await importer();
    const res = await t.app.inject({ url: '/v1/subordinates-template', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toBe(USER_CSV_TEMPLATE);
    expect(res.body.startsWith(HEADER)).toBe(true);
  });
});

describe('POST /v1/subordinates-upload', () => {
  it('imports 100 users in one go: active, hashed, normal users under their parents', async () => {
    const { tenant, sup, admin, headers } = await importer();
    const id = uniq();
    const lines: string[] = [];
    for (let i = 0; i < 50; i++) lines.push(`a${i}-${id}@example.test,admin-pass-${i},admin,Admin ${i},,,${i}`);
    for (let i = 0; i < 49; i++) {
      lines.push(`n${i}-${id}@example.test,normal-pass-${i},normal,Normal ${i},a${i}-${id}@example.test,Sales,`);
    }
    // A parent that existed before the file, named in another letter case.
    lines.push(`n49-${id}@example.test,normal-pass-49,Normal,"Normal, 49",${admin.email.toUpperCase()},,2`);
    const before = await usersIn(tenant);
    const res = await upload(headers, file(lines));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ added: 100 });
    expect(await usersIn(tenant)).toBe(before + 100);

    const normal = await userByEmail(`n49-${id}@example.test`);
    expect(normal).toMatchObject({
      privilege_type: 'normal',
      status: 'active',
      parent_user_id: admin.id,
      name: 'Normal, 49',
      car_limit: 2,
    });
    expect(normal.password_hash).toMatch(/^\$argon2id\$/);
    const a3 = await userByEmail(`a3-${id}@example.test`);
    expect(a3).toMatchObject({
      privilege_type: 'admin',
      company_id: sup.companyId,
      car_limit: 3,
      parent_user_id: null,
    });
    const n3 = await userByEmail(`n3-${id}@example.test`);
    expect(n3.parent_user_id).toBe(a3.id);
    expect(n3.company_section).toBe('Sales');
    expect((await signIn(t.app, `n3-${id}@example.test`, 'normal-pass-3')).statusCode).toBe(200);
  }, 60_000);

  it('accepts a file with a UTF-8 BOM sent as application/octet-stream', async () => {
    const { headers } = await importer();
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(file([`bom-${uniq()}@example.test,secret-pass-1,admin,山田 太郎,,営業,`]), 'utf8'),
    ]);
    const res = await upload(headers, body, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ added: 1 });
    const withCharset = await upload(
      headers,
      file([`cs-${uniq()}@example.test,secret-pass-1,admin,C,,,`]),
      'text/csv; charset=utf-8',
    );
    expect(withCharset.json()).toEqual({ added: 1 });
  });

  describe('each rule broken once: its error and row, and nobody added', () => {
    type Case = {
      rule: string;
      lines: (ctx: { admin: string; existing: string; id: string }) => string[];
      status: number;
      code: string;
      rows?: { row: number | null; code: string; field?: string }[];
      header?: string;
      options?: Record<string, unknown>;
    };
    /** A file refused as invalid (422 csv_invalid) for one row's error. */
    const rowRefused = (rule: string, lines: Case['lines'], row: NonNullable<Case['rows']>[number]): Case => ({
      rule,
      lines,
      status: 422,
      code: 'csv_invalid',
      rows: [row],
    });
    const cases: Case[] = [
      rowRefused(
        'required cell empty',
        ({ id }) => [
          `ok-${id}@example.test,secret-pass-1,admin,Ok,,,`,
          `req-${id}@example.test,secret-pass-1,admin,,,,`,
        ],
        { row: 2, code: 'csv_required_cell_empty', field: 'name' },
      ),
      rowRefused('invalid e-mail', () => ['not-an-email,secret-pass-1,admin,Bad,,,'], {
        row: 1,
        code: 'csv_invalid_email',
        field: 'email',
      }),
      rowRefused(
        'e-mail twice in the file',
        ({ id }) => [
          `twice-${id}@example.test,secret-pass-1,admin,A,,,`,
          `TWICE-${id}@example.test,secret-pass-1,admin,B,,,`,
        ],
        { row: 2, code: 'csv_duplicate_email', field: 'email' },
      ),
      rowRefused('e-mail already registered', ({ existing }) => [`${existing},secret-pass-1,admin,Again,,,`], {
        row: 1,
        code: 'csv_email_already_registered',
        field: 'email',
      }),
      rowRefused('password under 8 characters', ({ id }) => [`short-${id}@example.test,short,admin,S,,,`], {
        row: 1,
        code: 'csv_password_too_short',
        field: 'password',
      }),
      rowRefused('invalid user data (unknown role)', ({ id }) => [`role-${id}@example.test,secret-pass-1,super,R,,,`], {
        row: 1,
        code: 'csv_invalid_user_data',
        field: 'privilege_type',
      }),
      rowRefused('unneeded parent', ({ id, admin }) => [`up-${id}@example.test,secret-pass-1,admin,U,${admin},,`], {
        row: 1,
        code: 'csv_unneeded_parent',
        field: 'parent_email',
      }),
      rowRefused('missing parent', ({ id }) => [`mp-${id}@example.test,secret-pass-1,normal,M,,,`], {
        row: 1,
        code: 'csv_missing_parent',
        field: 'parent_email',
      }),
      rowRefused(
        'unknown parent',
        ({ id }) => [`kp-${id}@example.test,secret-pass-1,normal,K,nobody-${id}@example.test,,`],
        { row: 1, code: 'csv_unknown_parent', field: 'parent_email' },
      ),
      rowRefused('a row with another item count', ({ id }) => [`ic-${id}@example.test,secret-pass-1,admin,I,,`], {
        row: 1,
        code: 'csv_header_mismatch',
      }),
      {
        rule: 'header unlike the template',
        header: 'email,password,role,name,parent_email,company_section,car_limit',
        lines: ({ id }) => [`h-${id}@example.test,secret-pass-1,admin,H,,,`],
        status: 422,
        code: 'csv_header_mismatch',
      },
      { rule: 'no user to add', lines: () => [], status: 422, code: 'csv_no_user' },
      {
        rule: 'over 100 users',
        lines: ({ id }) => Array.from({ length: 101 }, (_, i) => `o${i}-${id}@example.test,secret-pass-1,admin,O,,,`),
        status: 422,
        code: 'csv_over_100',
      },
      {
        rule: 'registration limit not set',
        options: { user_registration_limit: null },
        lines: ({ id }) => [`rl-${id}@example.test,secret-pass-1,admin,R,,,`],
        status: 422,
        code: 'csv_registration_limit_not_set',
      },
      {
        rule: 'registration limit exceeded',
        options: { user_registration_limit: 2 },
        lines: ({ id }) => [
          `re1-${id}@example.test,secret-pass-1,admin,R,,,`,
          `re2-${id}@example.test,secret-pass-1,admin,R,,,`,
        ],
        status: 422,
        code: 'csv_registration_limit_exceeded',
      },
      {
        rule: 'registration limit below the registered count',
        options: { user_registration_limit: 0 },
        lines: ({ id }) => [`rb-${id}@example.test,secret-pass-1,admin,R,,,`],
        status: 422,
        code: 'csv_registration_limit_below_registered',
      },
    ];

    for (const c of cases) {
      it(c.rule, async () => {
        const { tenant, admin, headers } = await importer(c.options);
        const before = await usersIn(tenant);
        const lines = c.lines({ admin: admin.email, existing: admin.email, id: uniq() });
        const res = await upload(headers, file(lines, c.header));
        expect(res.statusCode, res.body).toBe(c.status);
        expect(res.json().error.code).toBe(c.code);
        if (c.rows) {
          expect(res.json().error.rows).toEqual(c.rows.map((r) => expect.objectContaining(r)));
          expect(res.json().error.user_message).toBeTruthy();
        }
        expect(await usersIn(tenant)).toBe(before);
      });
    }

    it('admin and normal caps of 9999', async () => {
      const { tenant, admin, headers } = await importer({ user_registration_limit: 30_000 });
      // 9998 more normal users under the fixture admin: the domain is then at the cap.
      await t.make.manyUsers(9999, { tenant, privilege_type: 'normal', parent_user_id: admin.id });
      const before = await usersIn(tenant);
      const id = uniq();
      const res = await upload(headers, file([`over-${id}@example.test,secret-pass-1,normal,O,${admin.email},,`]));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('csv_normal_over_limit');
      expect(await usersIn(tenant)).toBe(before);

      await t.make.manyUsers(9998, { tenant, privilege_type: 'admin' });
      const admins = await upload(headers, file([`overa-${id}@example.test,secret-pass-1,admin,O,,,`]));
      expect(admins.json().error.code).toBe('csv_admin_over_limit');
    }, 60_000);

    it('a file that is not UTF-8', async () => {
      const { tenant, headers } = await importer();
      const before = await usersIn(tenant);
      // "山田" in Shift_JIS.
      const body = Buffer.concat([
        Buffer.from(`${HEADER}\r\nsj@example.test,secret-pass-1,admin,`),
        Buffer.from([0x8e, 0x52, 0x93, 0x63]),
        Buffer.from(',,,\r\n'),
      ]);
      const res = await upload(headers, body);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('csv_not_utf8');
      expect(await usersIn(tenant)).toBe(before);
    });

    it('a file over 1 MB', async () => {
      const { tenant, headers } = await importer();
      const before = await usersIn(tenant);
      const res = await upload(headers, `${HEADER}\r\n${'x'.repeat(1024 * 1024)}`);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('csv_too_large');
      expect(await usersIn(tenant)).toBe(before);
    });

    it('a file that is not a CSV', async () => {
      const { headers } = await importer();
      // A zip archive's first bytes: valid UTF-8, but with NUL characters no text file has.
      const binary = await upload(
        headers,
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00]),
        'application/octet-stream',
      );
      expect(binary.statusCode).toBe(415);
      expect(binary.json().error.code).toBe('csv_unsupported_format');
      const openQuote = await upload(headers, `${HEADER}\r\n"never closed,secret-pass-1,admin,Q,,,\r\n`);
      expect(openQuote.json().error.code).toBe('csv_unsupported_format');
      const json = await t.app.inject({
        method: 'POST',
        url: '/v1/subordinates-upload',
        headers,
        payload: { rows: [] },
      });
      expect(json.statusCode).toBe(415);
    });
  });

  it('is for super users only, not product-branded and not paying by card', async () => {
    const { tenant, admin } = await importer();
    const line = () => file([`p-${uniq()}@example.test,secret-pass-1,admin,P,,,`]);
    const adminRes = await upload((await t.make.session(admin)).headers, line());
    expect(adminRes.statusCode).toBe(403);
    const card = await t.make.user({ tenant, privilege_type: 'super', is_pay_by_credit: true });
    expect((await upload((await t.make.session(card)).headers, line())).statusCode).toBe(403);
    const master = await t.make.master();
    expect((await upload(master.headers, line())).statusCode).toBe(403);
    const off = await importer({ is_user_add: false });
    const offRes = await upload(off.headers, line());
    expect(offRes.statusCode).toBe(403);
    expect(offRes.json().error.code).toBe('user_management_disabled');
    const template = await t.app.inject({
      url: '/v1/subordinates-template',
      headers: (await t.make.session(admin)).headers,
    });
    expect(template.statusCode).toBe(403);
  });

  it('does not see parents of another domain', async () => {
    const { tenant, headers } = await importer();
    const other = await importer();
    const before = await usersIn(tenant);
    const res = await upload(headers, file([`x-${uniq()}@example.test,secret-pass-1,normal,X,${other.admin.email},,`]));
    expect(res.json().error.rows).toEqual([expect.objectContaining({ row: 1, code: 'csv_unknown_parent' })]);
    expect(await usersIn(tenant)).toBe(before);
  });
});

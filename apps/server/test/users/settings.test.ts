import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

async function company(options: Record<string, unknown> = {}) {
  const tenant = await t.make.tenant({ options });
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin' });
  const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  return { tenant, sup, admin, normal, headers: (await t.make.session(sup)).headers };
}

describe('/v1/image-system-user', () => {
  it('starts from the domain’s options', async () => {
    const c = await company({ content_style: 'bike', obvr_rows_max: 3, obvr_initial_row: 2, exterior_size: '4k' });
    const res = await t.app.inject({ url: '/v1/image-system-user', headers: (await t.make.session(c.normal)).headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: c.normal.id,
      contents_style: 'bike',
      extendinfo_display: false,
      use_short_url: true,
      cs_join: false,
      cs_autojoin: false,
      cs_join_type: 'listing_id',
      cs_info: { login_id: '', corporation_code: '', contact_code: '' },
      is_category_image_template_enabled: false,
      ai_category_image_autogeneration: false,
      normal_user_transfer: false,
      obvr_rows_max: 3,
      obvr_initial_row: 2,
      obvrimage_width: 3840,
    });
  });

  it('is set by the super user for the users of the domain, within what the domain offers', async () => {
    const c = await company({ listing_link: true, obvr_rows_max: 3 });
    const url = `/v1/image-system-user/${c.admin.id}`;
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: c.headers,
      payload: {
        contents_style: 'bike',
        cs_join: true,
        cs_autojoin: true,
        cs_join_type: 'car_number',
        cs_info: { login_id: 'dealer-1', corporation_code: 'C01', contact_code: 'K9' },
        obvr_rows_max: 2,
        obvr_initial_row: 2,
        obvrimage_width: 1920,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      cs_join: true,
      cs_join_type: 'car_number',
      obvr_rows_max: 2,
      obvrimage_width: 1920,
    });
    const read = await t.app.inject({ url: '/v1/image-system-user', headers: (await t.make.session(c.admin)).headers });
    expect(read.json().cs_info.login_id).toBe('dealer-1');

    const offered = await t.app.inject({
      method: 'POST',
      url,
      headers: c.headers,
      payload: { normal_user_transfer: true, obvr_rows_max: 5 },
    });
    expect(offered.statusCode).toBe(422);
    expect(offered.json().error.fields.map((f: { field: string; rule: string }) => [f.field, f.rule])).toEqual([
      ['normal_user_transfer', 'requires'],
      ['obvr_rows_max', 'range'],
    ]);
    const row = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { obvr_rows_max: 1 } });
    expect(row.statusCode).toBe(422);
    expect(row.json().error.fields[0].field).toBe('obvr_initial_row');
    const unknown = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { colour: 'red' } });
    expect(unknown.statusCode).toBe(422);
    const width = await t.app.inject({ method: 'POST', url, headers: c.headers, payload: { obvrimage_width: 1000 } });
    expect(width.statusCode).toBe(422);
  });

  it('cannot be changed by admins or normal users, even their own', async () => {
    const c = await company();
    for (const user of [c.admin, c.normal]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/image-system-user',
        headers: (await t.make.session(user)).headers,
        payload: { extendinfo_display: true },
      });
      expect(res.statusCode).toBe(403);
    }
    const own = await t.app.inject({
      method: 'POST',
      url: '/v1/image-system-user',
      headers: c.headers,
      payload: { extendinfo_display: true },
    });
    expect(own.json().extendinfo_display).toBe(true);
  });
});

describe('/v1/user-configuration/{id}', () => {
  it('keeps the sidebar colour and list conditions of a user', async () => {
    const c = await company();
    const headers = (await t.make.session(c.normal)).headers;
    const url = `/v1/user-configuration/${c.normal.id}`;
    expect((await t.app.inject({ url, headers })).json()).toEqual({
      id: c.normal.id,
      sidebar_colour: null,
      list_conditions: {},
    });
    const set = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        sidebar_colour: 'green',
        list_conditions: { contents: { perPage: 30, sort: 'created_desc', exterior: true } },
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const colourOnly = await t.app.inject({ method: 'POST', url, headers, payload: { sidebar_colour: 'black' } });
    expect(colourOnly.json()).toEqual({
      id: c.normal.id,
      sidebar_colour: 'black',
      list_conditions: { contents: { perPage: 30, sort: 'created_desc', exterior: true } },
    });
    const bad = await t.app.inject({ method: 'POST', url, headers, payload: { sidebar_colour: 'pink' } });
    expect(bad.statusCode).toBe(422);
    // Another user's preferences: whoever may edit that user; nobody else sees them.
    expect((await t.app.inject({ url, headers: c.headers })).statusCode).toBe(200);
    const sibling = await t.make.user({ tenant: c.tenant, privilege_type: 'normal', parent_user_id: c.admin.id });
    expect((await t.app.inject({ url, headers: (await t.make.session(sibling)).headers })).statusCode).toBe(404);
  });
});

describe('GET /v1/app-management', () => {
  it('answers the applications and sign-in limits of the caller’s domain', async () => {
    const c = await company({
      app_login: false,
      hotspot_app: true,
      login_limit_count: 3,
      login_limit_mode: 'per_domain',
    });
    const res = await t.app.inject({ url: '/v1/app-management', headers: (await t.make.session(c.normal)).headers });
    expect(res.json()).toEqual({
      console: true,
      app_login: false,
      hotspot_app: true,
      hotspot_browser: true,
      async_mobile_upload: false,
      login_limit_count: 3,
      login_limit_mode: 'per_domain',
      two_step_auth: false,
      two_step_auth_enforced: false,
    });
  });
});

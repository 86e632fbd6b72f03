import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { PASSWORD, uniqueEmail } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

// The bike site's shop code is the user's first username alias: written there by the user screens, read from there
// by every user answer; elsewhere the shop code is its own field and the aliases are left alone.
const t = useTestApp();

async function addUser(token: string, body: Record<string, unknown>) {
  return call(t.app, token, 'POST', '/v1/subordinates', {
    email: uniqueEmail('staff'),
    password: PASSWORD,
    privilege_type: 'admin',
    name: 'Staff',
    ...body,
  });
}

describe('shop code on the bike site', () => {
  it('stores the shop code as the first alias and keeps the other aliases when it changes', async () => {
    const bikeSuper = await t.make.signedIn({ privilege_type: 'super', domain: { hostFlags: ['bike'] } });
    const created = await addUser(bikeSuper.token, { shop_code: 'BK-100', username_alias: ['X-1', 'X-2'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ shop_code: 'BK-100', username_alias: ['BK-100', 'X-2'] });

    const id = created.json().id as string;
    const changed = await call(t.app, bikeSuper.token, 'POST', `/v1/subordinates/${id}`, { shop_code: 'X-2' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ shop_code: 'X-2', username_alias: ['X-2'] });

    // The list finds a user by any alias.
    const found = await call(t.app, bikeSuper.token, 'GET', '/v1/subordinates?q=X-2');
    expect(found.json().items.map((u: { id: string }) => u.id)).toEqual([id]);
  });

  it('keeps the shop code in its own field elsewhere', async () => {
    const carSuper = await t.make.signedIn({ privilege_type: 'super' });
    const created = await addUser(carSuper.token, { shop_code: 'C-1', username_alias: ['alias-1'] });
    expect(created.json()).toMatchObject({ shop_code: 'C-1', username_alias: ['alias-1'] });
  });

  it('refuses an alias listed twice or not half-width, naming the field', async () => {
    const carSuper = await t.make.signedIn({ privilege_type: 'super' });
    const twice = await addUser(carSuper.token, { username_alias: ['A', 'A'] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields[0]).toMatchObject({ field: 'username_alias', rule: 'no_duplicates' });
    const wide = await addUser(carSuper.token, { username_alias: ['ＡＢ'] });
    expect(wide.statusCode).toBe(422);
    expect(wide.json().error.fields[0].field).toMatch(/^username_alias/);
  });
});

describe('user CSV on the bike site', () => {
  it('has the shop code last in the template and stores it as the first alias; the usual format is refused', async () => {
    const bikeSuper = await t.make.signedIn({ privilege_type: 'super', domain: { hostFlags: ['bike'] } });
    const template = await t.app.inject({
      method: 'GET',
      url: '/v1/subordinates-template',
      headers: bikeSuper.headers,
    });
    expect(template.body.trim()).toBe(
      'email,password,privilege_type,name,parent_email,company_section,car_limit,shop_code',
    );

    const email = uniqueEmail('csv');
    const upload = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/subordinates-upload',
        headers: { ...bikeSuper.headers, 'content-type': 'text/csv' },
        payload: body,
      });
    const usual = await upload(
      `email,password,privilege_type,name,parent_email,company_section,car_limit\r\n${email},${PASSWORD},admin,A,,,\r\n`,
    );
    expect(usual.statusCode).toBe(422);
    const added = await upload(`${template.body.trim()}\r\n${email},${PASSWORD},admin,Bike Shop,,,,BK-900\r\n`);
    expect(added.statusCode, added.body).toBe(200);
    const found = await call(t.app, bikeSuper.token, 'GET', `/v1/subordinates?q=${encodeURIComponent(email)}`);
    expect(found.json().items[0]).toMatchObject({ shop_code: 'BK-900', username_alias: ['BK-900'] });
  });
});

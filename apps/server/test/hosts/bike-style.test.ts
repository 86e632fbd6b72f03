import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { domainBody } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

// A bike site's vehicles are bikes: the domain's content style follows the flag, a user cannot switch to cars, and
// a vehicle answers as a bike whatever its owner saved before the flag was set.
const t = useTestApp();

describe('bike site content style', () => {
  it('makes a bike-flagged domain’s content style bike and refuses cars there, naming the field', async () => {
    const master = await t.make.master();
    const created = await call(t.app, master.token, 'POST', '/v1/domain', domainBody({ host_flags: ['bike'] }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().options.content_style).toBe('bike');

    const id = created.json().id as string;
    const refused = await call(t.app, master.token, 'POST', `/v1/domain/${id}`, { options: { content_style: 'car' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([expect.objectContaining({ field: 'options.content_style' })]);
  });

  it('answers bike for a user’s settings and vehicles, and refuses a user’s switch to cars', async () => {
    const dealer = await t.make.signedIn({
      privilege_type: 'super',
      domain: { hostFlags: ['bike'] },
      image_system: JSON.stringify({ contents_style: 'car' }),
    });
    expect((await call(t.app, dealer.token, 'GET', '/v1/image-system-user')).json().contents_style).toBe('bike');
    const refused = await call(t.app, dealer.token, 'POST', '/v1/image-system-user', { contents_style: 'car' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields[0]).toMatchObject({ field: 'contents_style', rule: 'one_of' });

    const [vehicle] = await t.make.vehicles(dealer);
    const read = await call(t.app, dealer.contentToken, 'GET', `/api/browser/v0/contents/${vehicle}`);
    expect(read.json().contents_style).toBe('bike');
  });
});

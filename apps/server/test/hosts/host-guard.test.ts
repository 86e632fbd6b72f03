import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

// The screens a white-label host hides, refused by the server as well as left out of the menu: the refusal comes
// before the body is looked at, and the same call on a host without the flag reaches its own rules.
const t = useTestApp();
const V0 = '/api/browser/v0';

async function superOn(hostFlags: string[]): Promise<SignedInUser> {
  return t.make.signedIn({
    privilege_type: 'super',
    domain: { hostFlags, options: { web_negotiation: true, option_data: true } },
  });
}

function contentCall(user: SignedInUser, method: 'GET' | 'POST', url: string, body?: unknown) {
  return call(t.app, user.contentToken, method, `${V0}${url}`, body);
}

describe('hidden screens are refused on their host', () => {
  it('dealer brand: add-car, CSV, mail history, web negotiation, plan and contact', async () => {
    const user = await superOn(['dealer_brand']);
    const refused = [
      await contentCall(user, 'POST', '/contents', {}),
      await contentCall(user, 'POST', '/contents/copy', {}),
      await contentCall(user, 'POST', '/contents/csv_check', 'a,b'),
      await contentCall(user, 'GET', '/send_mail'),
      await contentCall(user, 'GET', '/web_negotiation_group'),
      await call(t.app, user.token, 'POST', '/v1/subordinates-upload', {}),
      await call(t.app, user.token, 'GET', '/v1/plans'),
      await call(t.app, user.token, 'POST', '/v1/subscription', {}),
      await call(t.app, user.token, 'POST', '/v1/contact', {}),
    ];
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().error.code).toBe('hidden_on_host');
    }
    // What stays: the vehicle list and reading a vehicle.
    expect((await contentCall(user, 'GET', '/contents')).statusCode).toBe(200);
  });

  it('bike sensor: contents CSV, web negotiation and mail history; adding a vehicle stays', async () => {
    const user = await superOn(['bike_sensor']);
    for (const url of ['/send_mail', '/web_negotiation_group']) {
      expect((await contentCall(user, 'GET', url)).json().error?.code).toBe('hidden_on_host');
    }
    expect((await contentCall(user, 'POST', '/contents/csv_check', 'a,b')).json().error?.code).toBe('hidden_on_host');
    const add = await contentCall(user, 'POST', '/contents', {});
    expect(add.statusCode, add.body).toBe(422);
  });

  it('listing partner: the card and settlement calls', async () => {
    const user = await superOn(['listing_partner']);
    for (const url of ['/v1/credit-cards', '/v1/invoice', '/v1/usage-quota']) {
      const answer = await call(t.app, user.token, 'GET', url);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().error.code).toBe('hidden_on_host');
    }
  });

  it('a host without the flag reaches each call’s own rules', async () => {
    const user = await superOn([]);
    expect((await contentCall(user, 'POST', '/contents', {})).statusCode).toBe(422);
    expect((await contentCall(user, 'GET', '/web_negotiation_group')).statusCode).toBe(200);
    expect((await call(t.app, user.token, 'GET', '/v1/plans')).json().error?.code).toBe('forbidden');
  });
});

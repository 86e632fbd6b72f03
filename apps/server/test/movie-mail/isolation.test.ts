import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf, type IsolationCompany, isolationCompany } from '../helpers/isolation.ts';
import { readyPromo } from './promo.ts';

/**
 * Tenant isolation and role visibility on `/send_mail`: company B's super user and company A's normal user who does
 * not see the vehicle get 404 for company A's vehicle and mail, see none of its mails, and change nothing.
 */

const t = useTestApp();

let a: IsolationCompany;
let b: IsolationCompany;
let mailA: string;

const call = callerOf(t);
const body = (car: string) => ({ content_id: car, to: ['buyer@example.test'], subject: 'Video', body: 'Hello' });

async function company(): Promise<IsolationCompany> {
  const company = await isolationCompany(t, { option_data: true });
  await readyPromo(t, company.car);
  return company;
}

beforeAll(async () => {
  a = await company();
  b = await company();
  const sent = await call(a.normal, { method: 'POST', url: '/api/browser/v0/send_mail', payload: body(a.car) });
  expect(sent.statusCode, sent.body).toBe(201);
  mailA = sent.json().id;
});

const snapshot = () => t.db.selectFrom('movie_mails').selectAll().orderBy('id').execute();

describe('movie mail isolation', () => {
  it("refuses another tenant's user and a peer who does not see the vehicle with 404, changing nothing", async () => {
    const before = await snapshot();
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/browser/v0/send_mail', payload: body(a.car) },
      { method: 'GET', url: `/api/browser/v0/send_mail/${mailA}` },
      { method: 'POST', url: `/api/browser/v0/send_mail/${mailA}/resend`, payload: {} },
      { method: 'DELETE', url: `/api/browser/v0/send_mail/${mailA}` },
    ];
    for (const who of [b.sup, a.normalPeer]) {
      for (const request of requests) {
        const res = await call(who, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lists only the mails of the vehicles the caller sees: the tenant's super sees them, the other tenant none", async () => {
    const ids = async (who: SignedInUser, query = '') =>
      (await call(who, { method: 'GET', url: `/api/browser/v0/send_mail${query}` }))
        .json()
        .items.map((m: { id: string }) => m.id);
    expect(await ids(a.sup)).toContain(mailA);
    expect(await ids(a.normal)).toContain(mailA);
    expect(await ids(a.normalPeer)).toEqual([]);
    expect(await ids(b.sup)).toEqual([]);
    expect(await ids(b.sup, `?content_id=${a.car}`)).toEqual([]);
  });
});

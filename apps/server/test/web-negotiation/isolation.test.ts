import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf } from '../helpers/isolation.ts';
import { recordingSms } from '../helpers/mail.ts';
import { multipart } from '../helpers/multipart.ts';
import { png } from '../helpers/pictures.ts';

/**
 * A meeting's documents (PDF and pictures judged by content, five of at most 20 MB, one business card) and the
 * user's own business card; read by the tenant's users who see the meeting and by its participants' links only;
 * and every web negotiation route tried by another tenant (404) and without the domain's option (403).
 */

const sms = recordingSms();
const t = useTestApp({ sms });
let superA: SignedInUser;
let normalA: SignedInUser;
let superB: SignedInUser;
let meetingId: string;
let guestToken: string;

const as = callerOf(t);
const pdf = (bytes = 64) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n'), Buffer.alloc(bytes, 0x20)]);
const upload = (who: SignedInUser, url: string, data: Buffer, name: string, fields: Record<string, string> = {}) => {
  const body = multipart(fields, { data, name, type: 'application/octet-stream' });
  return as(who, { method: 'POST', url, payload: body.payload, headers: body.headers });
};
const schedule = (who: SignedInUser, invitees: unknown[] = []) =>
  as(who, {
    method: 'POST',
    url: '/api/browser/v0/web_negotiation_group',
    payload: {
      title: 'Docs',
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 30,
      invitees,
    },
  });

beforeAll(async () => {
  const tenantA = await t.make.tenant({ options: { web_negotiation: true } });
  superA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super' });
  normalA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'normal' });
  superB = await t.make.signedIn({ privilege_type: 'super', domain: { options: { web_negotiation: true } } });
  const made = await schedule(superA, [{ name: 'Buyer', phone: '090-3333-4444' }]);
  meetingId = made.json().id;
  guestToken = /\/call#([A-Za-z0-9_-]{43})/.exec(sms.sent.at(-1)?.text ?? '')?.[1] ?? '';
});

describe('meeting documents', () => {
  it('keeps five documents judged by content, refuses a sixth, a too large one and a second business card', async () => {
    const url = `/api/browser/v0/web_negotiation_group/${meetingId}/documents`;
    const first = await upload(superA, url, pdf(), 'price.pdf');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'document', content_type: 'application/pdf', file_name: 'price.pdf' });
    const notAFile = await upload(superA, url, Buffer.from('plain text, named as a pdf'), 'fake.pdf');
    expect(notAFile.json().error.fields[0]).toMatchObject({ field: 'file', rule: 'format' });
    const cardPdf = await upload(superA, url, pdf(), 'card.pdf', { kind: 'business_card' });
    expect(cardPdf.json().error.fields[0]).toMatchObject({ field: 'file', rule: 'format' });
    const card = await upload(superA, url, await png(40, 24), 'card.png', { kind: 'business_card' });
    expect(card.statusCode).toBe(201);
    const secondCard = await upload(superA, url, await png(40, 25), 'card2.png', { kind: 'business_card' });
    expect(secondCard.statusCode).toBe(413);
    expect(secondCard.json().error).toMatchObject({ code: 'web_negotiation_documents_over_limit' });
    const big = await upload(superA, url, pdf(20 * 1024 * 1024), 'huge.pdf');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields[0]).toMatchObject({ field: 'file', rule: 'max_size' });
    for (const n of [3, 4, 5]) expect((await upload(superA, url, pdf(n), `p${n}.pdf`)).statusCode).toBe(201);
    const sixth = await upload(superA, url, pdf(6), 'p6.pdf');
    expect(sixth.statusCode).toBe(413);
    expect(sixth.json().error.fields[0]).toMatchObject({ field: 'file', rule: 'max_items' });
    const detail = await as(superA, { method: 'GET', url: `/api/browser/v0/web_negotiation_group/${meetingId}` });
    expect(detail.json().documents).toHaveLength(5);
  });

  it('lets the participants download by their link and the tenant by its session, nobody else', async () => {
    const doc = (await as(superA, { method: 'GET', url: `/api/browser/v0/web_negotiation_group/${meetingId}` })).json()
      .documents[0];
    const byLink = await t.app.inject({
      method: 'GET',
      url: `/api/meeting/v0/meetings/${meetingId}/documents/${doc.id}`,
      headers: { 'x-meeting-token': guestToken },
    });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['content-type']).toBe('application/pdf');
    expect(byLink.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const noLink = await t.app.inject({
      method: 'GET',
      url: `/api/meeting/v0/meetings/${meetingId}/documents/${doc.id}`,
    });
    expect(noLink.statusCode).toBe(404);
    const url = `/api/browser/v0/web_negotiation_group/${meetingId}/documents/${doc.id}`;
    for (const [who, method, status] of [
      [superA, 'GET', 200],
      [superB, 'GET', 404],
      [superB, 'DELETE', 404],
    ] as const) {
      expect((await as(who, { method, url })).statusCode, `${method} ${status}`).toBe(status);
    }
  });

  it("keeps one business card per user for meetings, the user's own", async () => {
    const url = '/api/browser/v0/meeting-documents/user-profile';
    expect((await upload(normalA, url, await png(30, 20), 'me.png')).statusCode).toBe(201);
    expect((await upload(normalA, url, await png(30, 21), 'me2.png')).json().error.fields[0]).toMatchObject({
      field: 'file',
      rule: 'max_items',
    });
    const profile = (await as(normalA, { method: 'GET', url })).json();
    expect(profile.business_card).toMatchObject({ file_name: 'me.png', content_type: 'image/png' });
    const file = await as(normalA, { method: 'GET', url: '/api/browser/v0/meeting-documents/user-profile/card' });
    expect(file.statusCode).toBe(200);
    expect((await as(superB, { method: 'GET', url })).json().business_card).toBeNull();
    expect((await as(normalA, { method: 'DELETE', url })).json().business_card).toBeNull();
  });
});

describe('another tenant and the option', () => {
  it('answers 404 to another tenant on every route of a meeting, and hides it from a normal user', async () => {
    const id = meetingId;
    const tries: [string, string, unknown?][] = [
      ['GET', `/api/browser/v0/web_negotiation_group/${id}`],
      [
        'POST',
        `/api/browser/v0/web_negotiation_group/${id}`,
        { title: 'x', starts_at: '2031-01-01T00:00:00Z', duration_minutes: 30 },
      ],
      ['DELETE', `/api/browser/v0/web_negotiation_group/${id}`],
      ['POST', `/api/browser/v0/web_negotiation_group/${id}/notes`, { memo: 'x' }],
      ['POST', `/api/browser/v0/web_negotiation_group/${id}/host-link`],
      ['GET', `/api/browser/v0/web_negotiation_groupcontents/${id}`],
      ['POST', `/api/browser/v0/web_negotiation_groupcontents/${id}`, { vehicle_ids: [] }],
    ];
    for (const [method, url, payload] of tries) {
      const res = await as(superB, {
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(
        (await as(normalA, { method: 'GET', url: `/api/browser/v0/web_negotiation_group/${id}` })).statusCode,
      ).toBe(404);
    }
    const foreignDoc = await upload(superB, `/api/browser/v0/web_negotiation_group/${id}/documents`, pdf(), 'x.pdf');
    expect(foreignDoc.statusCode).toBe(404);
    const list = await as(superB, { method: 'GET', url: '/api/browser/v0/web_negotiation_group' });
    expect(list.json().items).toEqual([]);
  });

  it("lets an admin see and schedule the team's meetings, never another team's", async () => {
    const admin = await t.make.signedIn({ tenant: superA.tenant, privilege_type: 'admin' });
    const member = await t.make.signedInUnder(admin);
    const mine = await schedule(member);
    expect(mine.statusCode).toBe(201);
    const url = `/api/browser/v0/web_negotiation_group/${mine.json().id}`;
    expect((await as(admin, { method: 'GET', url })).statusCode).toBe(200);
    expect(
      (await as(admin, { method: 'GET', url: `/api/browser/v0/web_negotiation_group/${meetingId}` })).statusCode,
    ).toBe(404);
    const forMember = await as(admin, {
      method: 'POST',
      url: '/api/browser/v0/web_negotiation_group',
      payload: { title: 'For', starts_at: '2031-05-01T01:00:00Z', duration_minutes: 30, host_user_id: member.id },
    });
    expect(forMember.json()).toMatchObject({ host: { id: member.id } });
    const forOther = await as(member, {
      method: 'POST',
      url: '/api/browser/v0/web_negotiation_group',
      payload: { title: 'For', starts_at: '2031-05-01T01:00:00Z', duration_minutes: 30, host_user_id: admin.id },
    });
    expect(forOther.json().error.fields[0]).toMatchObject({ field: 'host_user_id', rule: 'one_of' });
  });

  it('refuses every call of a domain without web negotiation with 403', async () => {
    const off = await t.make.signedIn({ privilege_type: 'super' });
    const res = await as(off, { method: 'GET', url: '/api/browser/v0/web_negotiation_group' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('web_negotiation_disabled');
    const card = await as(off, { method: 'GET', url: '/api/browser/v0/meeting-documents/user-profile' });
    expect(card.statusCode).toBe(403);
  });
});

describe("what the console's meeting screens ask", () => {
  const opens = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/meeting/v0/token', payload: { token } })).statusCode;

  it("answers the caller's rules: participants, max time, vehicles, documents and the interval's count", async () => {
    const res = await as(superA, { method: 'GET', url: '/api/browser/v0/web_negotiation_group/settings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ participants: 2, max_time_minutes: 120, vehicles_max: 5, documents_max: 5 });
    expect(res.json().usage).toMatchObject({ interval: 'month', limit: null });
    expect(
      (await as(superB, { method: 'GET', url: '/api/browser/v0/web_negotiation_group/settings' })).json().usage.used,
    ).toBe(0);
    const off = await t.make.signedIn({ privilege_type: 'super' });
    expect((await as(off, { method: 'GET', url: '/api/browser/v0/web_negotiation_group/settings' })).statusCode).toBe(
      403,
    );
  });

  it("hands out the invitee's link they were sent, the same on every ask; 404 to another tenant", async () => {
    const made = await schedule(superA, [{ name: 'Copy', phone: '090-7777-8888' }]);
    const sent = /\/call#([A-Za-z0-9_-]{43})/.exec(sms.sent.at(-1)?.text ?? '')?.[1] ?? '';
    const { id, invitees } = made.json();
    const url = `/api/browser/v0/web_negotiation_group/${id}/invitees/${invitees[0].id}/link`;
    expect(await opens(sent)).toBe(200);
    expect((await as(superB, { method: 'POST', url })).statusCode).toBe(404);
    const res = await as(superA, { method: 'POST', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toContain(`/call#${res.json().token}`);
    // Copying never breaks the link the buyer already holds.
    expect(res.json().token).toBe(sent);
    expect((await as(superA, { method: 'POST', url })).json().token).toBe(sent);
    expect(await opens(sent)).toBe(200);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { contactService } from '../../src/modules/contact/service.ts';
import type { OutgoingMail } from '../../src/platform/mail/mailer.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { billingFactory } from '../helpers/factory-billing.ts';
import { mailsTo } from '../helpers/mail.ts';

/** The contact form (issue 19, point 8): the operator's mail with the sender's account, the copy, the limits. */

const OPERATOR = 'operator@spinyard.test';
const t = useTestApp({ operatorEmail: OPERATOR });
let master: SignedInUser;
let admin: SignedInUser;

const send = (who: SignedInUser, payload: Record<string, unknown>, ip = '10.55.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/contact', remoteAddress: ip, headers: who.headers, payload });
const inquiry = { inquiry_type: 'contract_price', subject: 'Plan for 3 shops', body: 'Hello' };

beforeAll(async () => {
  master = await t.make.master();
  admin = await t.make.signedIn({ privilege_type: 'admin', name: 'Aiko Sato', domain: { serviceName: 'Sato Motors' } });
  const billing = billingFactory(t.db);
  await billing.plan({ id: 'gold' });
  await billing.subscription({ userId: admin.id, planId: 'gold' });
});

describe('POST /v1/contact', () => {
  it("mails the operator the inquiry with the sender's account, and the sender a copy in their language", async () => {
    const body = 'Line one\r\n<script>alert(1)</script>\r\nLine three';
    const res = await send(admin, { ...inquiry, body, language: 'fr' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, copy_to: admin.email });

    const [toOperator] = await mailsTo(t.mailDir, OPERATOR);
    expect(toOperator?.subject).toContain('Plan for 3 shops');
    expect(toOperator?.subject).toContain('【Sato Motors】');
    // The plan of the sender's card contract (kept on the subscription).
    const facts = [
      'Aiko Sato',
      admin.email,
      admin.host,
      `User id: ${admin.id}`,
      'Contract and price',
      'Plan gold (gold)',
    ];
    for (const fact of facts) {
      expect(toOperator?.text).toContain(fact);
    }
    // Plain text as typed: no HTML part, the markup stays characters.
    expect(toOperator?.text).toContain('<script>alert(1)</script>\nLine three');

    const [copy] = await mailsTo(t.mailDir, admin.email);
    expect(copy?.subject).toContain('Nous avons bien reçu votre demande');
    expect(copy?.text).toContain('Contrat et tarifs');
    expect(copy?.text).toContain('Line one');
  });

  it('refuses each bad field by name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...inquiry, inquiry_type: 'billing' }, 'inquiry_type'],
      [{ ...inquiry, subject: '  ' }, 'subject'],
      [{ ...inquiry, subject: 'a'.repeat(101) }, 'subject'],
      [{ ...inquiry, subject: 'Hi\r\nBcc: x@evil.test' }, 'subject'],
      [{ ...inquiry, body: '' }, 'body'],
      [{ ...inquiry, body: 'a'.repeat(4001) }, 'body'],
      [{ ...inquiry, language: 'de' }, 'language'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(master, payload);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await t.app.inject({ method: 'POST', url: '/v1/contact', payload: inquiry })).statusCode).toBe(401);
  });

  it('limits inquiries per user and per client address', async () => {
    const user = await t.make.signedIn({ privilege_type: 'super' });
    for (let i = 0; i < 5; i += 1) expect((await send(user, inquiry, `10.56.0.${i}`)).statusCode).toBe(200);
    const sixth = await send(user, inquiry, '10.56.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.retry_after_seconds).toBeGreaterThan(0);
    // Another user from a fresh address still may; the address that sent five may not, whoever sends.
    const other = await t.make.signedIn({ privilege_type: 'super' });
    expect((await send(other, inquiry, '10.57.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await send(other, inquiry, '10.58.0.1');
    const third = await t.make.signedIn({ privilege_type: 'super' });
    expect((await send(third, inquiry, '10.58.0.1')).statusCode).toBe(200);
    expect((await send(third, inquiry, '10.58.0.1')).statusCode).toBe(429);
  });

  it("sends to the masters' addresses when no operator address is configured", async () => {
    const sent: OutgoingMail[] = [];
    const service = contactService({
      db: t.db,
      mail: { send: async (m) => void sent.push(m) },
      operatorEmail: undefined,
    });
    const actor = { userId: admin.id, sessionId: admin.sessionId, domainId: admin.domainId, companyId: null };
    await service.send(
      { ...actor, privilegeType: 'admin', status: 'active' },
      { ...inquiry, language: 'ja', inquiry_type: 'other' },
      '10.59.0.1',
    );
    expect(sent.map((m) => m.to)).toEqual([[master.email], admin.email]);
    expect(sent[1]?.subject).toContain('お問い合わせを受け付けました');
  });
});

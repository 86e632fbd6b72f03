import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingModule } from '../../src/modules/billing/index.ts';
import { moneyText, paymentFailedMail } from '../../src/modules/billing/mails.ts';
import type { JobsContext } from '../../src/modules/context.ts';
import { controlledClock } from '../../src/platform/clock/clock.ts';
import { mailJob } from '../../src/platform/jobs/mail-job.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { billingFactory } from '../helpers/factory-billing.ts';
import { call } from '../helpers/http.ts';
import { mailsTo } from '../helpers/mail.ts';
import { scriptedGateway } from '../helpers/scripted-gateway.ts';

/**
 * Issue 19's edges: a contract started while master disables its plan (one wins), the links of the mails the
 * billing jobs send (read from the outbox), and a super user's cancellation of an account with a card contract.
 */

const gateway = scriptedGateway();
const clock = controlledClock('2026-03-01T09:00:00Z');
const t = useTestApp({ payments: gateway, clock });
let b: ReturnType<typeof billingFactory>;
let master: SignedInUser;

beforeAll(async () => {
  b = billingFactory(t.db);
  await b.plan({ id: 'basic', amount: 3000, vehicle_limit: 10 });
  master = await t.make.master();
});

const dealer = () => t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true });
const subscribe = (u: SignedInUser, plan_id: string) =>
  call(t.app, u.token, 'POST', '/v1/subscription', { plan_id, request_id: randomUUID() });
const addCard = (u: SignedInUser, token = 'card:4242:12:2099') =>
  call(t.app, u.token, 'POST', '/v1/credit-cards', { token });
const planRow = (id: string) =>
  t.db.selectFrom('plans').select(['enabled']).where('id', '=', id).executeTakeFirstOrThrow();

/** Sessions of this database waiting for a row lock. */
async function lockWaiters(): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
  return Number(rows[0]?.n ?? 0);
}

describe('a contract started while master disables its plan', () => {
  it('makes the disabling wait for the contract, then refuses it: the plan keeps its subscriber', async () => {
    await b.plan({ id: 'racy', amount: 5000, vehicle_limit: 5 });
    const u = await dealer();
    await addCard(u);
    const gate = gateway.hold();
    const starting = subscribe(u, 'racy');
    // The start is at the gateway, inside its transaction, the plan read.
    await gate.reached;
    let disabledFirst = false;
    const disabling = call(t.app, master.token, 'POST', '/v1/plan/racy', { enabled: false }).finally(() => {
      disabledFirst = true;
    });
    // The disabling must queue behind the start's lock on the plan; without it, it would finish now.
    while (!disabledFirst && (await lockWaiters()) === 0) await new Promise((r) => setImmediate(r));
    expect(disabledFirst, 'the disabling did not wait for the contract being made').toBe(false);
    gate.release();
    const [started, disabled] = await Promise.all([starting, disabling]);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'active', plan: { id: 'racy' } });
    expect(disabled.statusCode, disabled.body).toBe(409);
    expect(disabled.json().error.code).toBe('plan_has_subscribers');
    expect((await planRow('racy')).enabled).toBe(true);
  });

  it('refuses the start when the disabling got there first (422 naming plan_id)', async () => {
    await b.plan({ id: 'closing', amount: 5000 });
    const u = await dealer();
    await addCard(u);
    expect((await call(t.app, master.token, 'POST', '/v1/plan/closing', { enabled: false })).statusCode).toBe(200);
    const refused = await subscribe(u, 'closing');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields[0].field).toBe('plan_id');
    expect(await b.subscriptionOf(u.id)).toBeUndefined();
  });
});

describe('the links of the billing jobs’ mails', () => {
  const PUBLIC = 'https://console.example.jp';
  const mailer = () => createOutboxMailer(t.mailDir, () => undefined);

  /** The billing module's own jobs, as `serve` registers them, with their queue run in place. */
  function billingWorker() {
    const handlers: Record<string, (payload: never, job: never) => Promise<unknown>> = {};
    const job = { id: randomUUID(), retryCount: 0 } as never;
    const sendMail = mailJob.handlerFor(mailer());
    const ctx: JobsContext = {
      db: t.db,
      store: createDiskBlobStore(path.join(t.dir, 'jobs-media')),
      media: createMedia(),
      log: () => undefined,
      clock,
      payments: gateway,
      publicUrl: PUBLIC,
      enqueue: (async (definition: { name: string }, payload: never) => {
        if (definition.name === mailJob.name) await sendMail(payload, job);
        else await handlers[definition.name]?.(payload, job);
        return null;
      }) as never,
    };
    const jobs = billingModule.jobs?.(ctx);
    Object.assign(handlers, jobs?.handlers);
    return { tick: () => handlers['billing.tick']?.({} as never, job) };
  }

  /** The links in a mail's text. */
  const linksOf = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

  it('sends each mail with the console page the dealer acts on, at the public URL', async () => {
    clock.set('2026-04-01T09:00:00Z');
    const u = await dealer();
    // A card that ends before the first renewal (2026-05-01).
    await addCard(u, 'card:1881:04:2026');
    expect((await subscribe(u, 'basic')).statusCode).toBe(200);
    const { tick } = billingWorker();
    const mails = async (subject: string) =>
      (await mailsTo(t.mailDir, u.email)).filter((m) => m.subject.includes(subject));

    clock.set('2026-04-20T09:00:00Z');
    await tick();
    const [expiring] = await mails('Your card expires before the renewal');
    expect(linksOf(expiring?.text ?? '')).toEqual([`${PUBLIC}/account/payment`, `${PUBLIC}/account/payment`]);

    clock.set('2026-05-01T10:00:00Z');
    await tick();
    const [receipt] = await mails('Your payment went through');
    expect(receipt?.text).toContain('￥3,300');
    expect(receipt?.text).toContain('2026-06-01');
    expect(linksOf(receipt?.text ?? '')).toEqual([`${PUBLIC}/settlements/invoice`, `${PUBLIC}/settlements/invoice`]);

    gateway.failCharges = 'card_limit_exceeded';
    try {
      clock.set('2026-06-01T10:00:00Z');
      await tick();
    } finally {
      gateway.failCharges = null;
    }
    const [failed] = await mails('Your payment failed');
    expect(linksOf(failed?.text ?? '')).toEqual([`${PUBLIC}/payment-failure`, `${PUBLIC}/payment-failure`]);

    // The first retry goes through: its receipt, like a renewal's.
    clock.set('2026-06-04T10:00:00Z');
    await tick();
    expect(await mails('Your payment went through')).toHaveLength(2);

    const cancelled = await call(t.app, u.token, 'POST', '/v1/subscription/cancel', { accept_terms: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const endsAt = new Date(cancelled.json().end_date);
    const endDay = endsAt.toISOString().slice(0, 10);
    // A week before the end, while the dealer can still sign in: the date, and what to save, once.
    clock.set(new Date(endsAt.getTime() - 7 * 86_400_000 + 3_600_000));
    await tick();
    await tick();
    const ending = await mails(`Your contract ends on ${endDay}`);
    expect(ending).toHaveLength(1);
    expect(ending[0]?.text).toContain('CSV');
    expect(linksOf(ending[0]?.text ?? '')).toEqual([`${PUBLIC}/contents/list`, `${PUBLIC}/contents/list`]);
    clock.set(new Date(endsAt.getTime() + 3_600_000));
    await tick();
    const [ended] = await mails('Your contract has ended');
    // A cancelled account cannot sign in: the mail links to nothing and asks for nothing it could no longer do.
    expect(ended?.text).toContain('removed on');
    expect(ended?.text).not.toMatch(/save|保存/i);
    expect(linksOf(ended?.text ?? '')).toEqual([]);
    expect(await mails('Your contract ends on')).toHaveLength(1);
  });
});

describe('a super user’s cancellation', () => {
  it('refuses (409) an account with a card contract and leaves both as they were', async () => {
    const tenant = await t.make.tenant();
    const sup = await t.make.user({ tenant, privilege_type: 'super', is_pay_by_credit: true });
    const subId = await b.subscription({ userId: sup.id, planId: 'basic' });
    const url = `/v1/superusers/cancel/${sup.id}`;
    const refused = await call(t.app, master.token, 'POST', url, { accept_terms: true });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.user_message).toContain('card subscription');
    expect((await b.userRow(sup.id)).status).toBe('active');
    expect(await b.subscriptionOf(sup.id)).toMatchObject({ id: subId, status: 'active', end_date: null });

    // Its contract over, the super user's cancellation goes through.
    await t.db.updateTable('subscriptions').set({ status: 'cancelled' }).where('id', '=', subId).execute();
    const done = await call(t.app, master.token, 'POST', url, { accept_terms: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('cancel_pending');
  });
});

describe('the billing mails’ words', () => {
  it('write days as Japan reads them and amounts as the console shows them', () => {
    const p = { to: 'd@example.com', serviceName: 'Spinyard', link: '' };
    // 19:19 UTC on 3 December is 04:19 on 4 December in Tokyo.
    const failed = paymentFailedMail(p, moneyText(10_780, 'jpy'), new Date('2026-12-03T19:19:00Z'));
    expect(failed.text).toContain('ご登録のカードで ￥10,780 をお支払いいただけませんでした。');
    expect(failed.text).toContain('2026-12-04 に再度お支払いを試みます。');
    expect(moneyText(10_890, 'usd')).toBe('$108.90');
  });
});

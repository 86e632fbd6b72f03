import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import type { Actor } from '../../src/modules/auth/service.ts';
import { cardsService } from '../../src/modules/billing/cards-service.ts';
import { contractService } from '../../src/modules/billing/contract.ts';
import { billingJobs } from '../../src/modules/billing/jobs.ts';
import type { BillingDeps } from '../../src/modules/billing/settle.ts';
import { subscriptionService } from '../../src/modules/billing/subscription-service.ts';
import type { JobsContext } from '../../src/modules/context.ts';
import { controlledClock } from '../../src/platform/clock/clock.ts';
import type { OutgoingMail } from '../../src/platform/mail/mailer.ts';
import { createMedia } from '../../src/platform/media/index.ts';
import { createDiskBlobStore } from '../../src/platform/storage/disk-blob-store.ts';
import { useTestApp } from '../helpers/app.ts';
import { billingFactory } from '../helpers/factory-billing.ts';
import { scriptedGateway } from '../helpers/scripted-gateway.ts';

/**
 * A dealer's year under the billing clock (issue 19, point 9): the services and the jobs are built here with a
 * recorder as the invoices' hook, so every paid charge is seen to reach it exactly once.
 */

const gateway = scriptedGateway();
const clock = controlledClock('2026-01-31T09:00:00Z');
const t = useTestApp({ payments: gateway, clock });
const paid: string[] = [];
const mails: { key: string; mail: OutgoingMail }[] = [];
let b: ReturnType<typeof billingFactory>;

function deps(): BillingDeps {
  return {
    db: t.db,
    clock,
    payments: gateway,
    mail: { send: async (mail, key) => void mails.push({ key, mail }) },
    publicUrl: 'http://console.test',
    onChargePaid: async (_trx: Db, chargeId: string) => void paid.push(chargeId),
  };
}

function worker() {
  const ctx = {
    db: t.db,
    store: createDiskBlobStore(t.dir),
    media: createMedia(),
    log: () => undefined,
    clock,
    payments: gateway,
  } satisfies JobsContext;
  const jobs = billingJobs(ctx, { mail: deps().mail, onChargePaid: deps().onChargePaid });
  const job = { id: randomUUID(), retryCount: 0 };
  return {
    tick: () => jobs.handlers['billing.tick']?.({} as never, job),
    step: (subscriptionId: string) =>
      jobs.handlers['billing.subscription-step']?.({ subscriptionId, at: 'x' } as never, job),
  };
}

beforeAll(async () => {
  b = billingFactory(t.db);
  await b.plan({ id: 'basic', amount: 3000, vehicle_limit: 10 });
  await b.plan({ id: 'pro', amount: 9000, vehicle_limit: 50 });
});

async function dealer(): Promise<Actor> {
  const u = await t.make.user({ privilege_type: 'admin', is_pay_by_credit: true });
  return {
    userId: u.id,
    sessionId: randomUUID(),
    domainId: u.domainId,
    companyId: u.companyId,
    privilegeType: 'admin',
    status: 'active',
  };
}

const day = (iso: string) => new Date(`${iso}T09:00:00Z`).getTime();

describe("a dealer's year", () => {
  it('renews 12 times, upgrades, fails and recovers, downgrades, cancels, ends and removes the vehicles', async () => {
    const actor = await dealer();
    const subs = subscriptionService(deps());
    const cards = cardsService(deps());
    const contract = contractService(deps());
    const { tick } = worker();
    const vehicles = await t.make.vehicles({ id: actor.userId, domainId: actor.domainId }, { count: 2 });

    await cards.add(actor, 'card:4242:12:2030');
    await subs.subscribe(actor, { plan_id: 'basic', request_id: randomUUID() });

    // What happens on which day; the jobs tick every day in between.
    const events: Record<string, () => Promise<unknown>> = {
      '2026-03-15': () => subs.subscribe(actor, { plan_id: 'pro', request_id: randomUUID() }),
      '2026-04-30': async () => {
        gateway.failCharges = 'card_insufficient_balance';
      },
      '2026-05-05': async () => {
        gateway.failCharges = null;
        // Updating the card pays what is open at once, with the late fee of the days since 30 April.
        await cards.add(actor, 'card:5555:06:2026');
      },
      '2026-08-10': () => subs.subscribe(actor, { plan_id: 'basic', request_id: randomUUID() }),
      '2026-07-20': () => cards.add(actor, 'card:6666:12:2030'),
      '2027-01-05': () => contract.cancel(actor, true),
    };
    const checks: Record<string, () => Promise<void>> = {
      '2026-05-01': async () => {
        expect((await b.subscriptionOf(actor.userId))?.status).toBe('past_due');
        expect((await b.userRow(actor.userId)).payment_failed_at).not.toBeNull();
      },
      '2026-05-04': async () => expect((await b.subscriptionOf(actor.userId))?.retry_count).toBe(1),
      '2026-05-06': async () => {
        expect((await b.subscriptionOf(actor.userId))?.status).toBe('active');
        expect((await b.userRow(actor.userId)).payment_failed_at).toBeNull();
      },
      '2026-09-01': async () => expect((await b.userRow(actor.userId)).car_limit).toBe(10),
    };
    for (let at = day('2026-02-01'); at <= day('2027-03-31'); at += 86_400_000) {
      clock.set(new Date(at));
      const date = new Date(at).toISOString().slice(0, 10);
      await events[date]?.();
      await tick();
      await checks[date]?.();
    }

    const charges = await b.chargesOf(actor.userId);
    const kinds = charges.map((c) => `${c.kind}:${c.status}`);
    expect(kinds.filter((k) => k === 'renewal:succeeded')).toHaveLength(12 - 1);
    expect(kinds.filter((k) => k === 'recovery:succeeded')).toHaveLength(1);
    expect(kinds).toContain('renewal:failed');
    expect(kinds).toContain('proration:succeeded');
    // Renewal days anchored on the 31st: clamped in short months, back to the 31st after.
    const periods = charges
      .filter((c) => c.status === 'succeeded')
      .map((c) => c.period_start?.toISOString().slice(0, 10));
    expect(periods).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-15',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
    // The recovery: pro with tax (9,900) and 5 days of 14.6 % a year on it (19), outside tax.
    const recovery = charges.find((c) => c.kind === 'recovery' && c.status === 'succeeded');
    expect(recovery).toMatchObject({ amount: 9919, late_fee: 19, tax: 900 });
    expect(recovery?.lines.at(-1)).toMatchObject({ amount: 19, tax_rate: 0 });
    // From the downgrade on, the basic price.
    expect(
      charges.filter((c) => c.period_start && c.period_start >= new Date('2026-08-31')).map((c) => c.amount),
    ).toEqual(Array(6).fill(3300));
    // Every paid charge reached the invoices' hook once.
    const succeeded = charges.filter((c) => c.status === 'succeeded').map((c) => c.id);
    expect([...paid].sort()).toEqual([...succeeded].sort());

    const sub = await b.subscriptionOf(actor.userId);
    expect(sub).toMatchObject({ status: 'cancelled', end_date: new Date('2027-02-28T09:00:00Z'), next_retry_at: null });
    expect((await b.userRow(actor.userId)).status).toBe('cancelled');
    // A notice period after the end (30 days), the vehicles are deleted.
    const left = await t.db.selectFrom('contents').select('publication').where('id', 'in', vehicles).execute();
    expect(left.map((v) => v.publication)).toEqual(['deleted', 'deleted']);
    const keys = mails.map((m) => m.key.split(':')[1]);
    expect(keys.filter((k) => k === 'failed')).toHaveLength(2);
    expect(keys).toContain('card-expiry');
    expect(keys).toContain('ended');
    // A renewal's receipt names the next billing date, not "renewed until" a day the invoice's period excludes.
    const receipt = mails.find((m) => m.key.split(':')[1] === 'receipt');
    expect(receipt?.mail.text).toMatch(/次回請求日は \S+ です。/);
  });

  it('charges a renewal once when two workers run it at once, and again when the job is retried or doubled', async () => {
    clock.set('2027-06-01T09:00:00Z');
    const actor = await dealer();
    await cardsService(deps()).add(actor, 'card:4242:12:2030');
    await subscriptionService(deps()).subscribe(actor, { plan_id: 'basic', request_id: randomUUID() });
    const sub = await b.subscriptionOf(actor.userId);
    clock.set('2027-07-01T10:00:00Z');
    const before = gateway.charged.length;
    const paidBefore = paid.length;
    // Two worker processes (each its own job runner) on the same due subscription, then a retry and a new tick.
    const [one, two] = [worker(), worker()];
    await Promise.all([one.step(sub?.id ?? ''), two.step(sub?.id ?? ''), one.tick(), two.tick()]);
    await one.step(sub?.id ?? '');
    await two.tick();
    expect(gateway.charged.length - before).toBe(1);
    const renewals = (await b.chargesOf(actor.userId)).filter((c) => c.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(paid.length - paidBefore).toBe(1);
    expect((await b.subscriptionOf(actor.userId))?.current_period_end).toEqual(new Date('2027-08-01T09:00:00Z'));
  });

  it('downgrades to free at the period end without a charge, the limit following', async () => {
    clock.set('2027-09-01T09:00:00Z');
    const actor = await dealer();
    await cardsService(deps()).add(actor, 'card:4242:12:2030');
    const subs = subscriptionService(deps());
    await subs.subscribe(actor, { plan_id: 'pro', request_id: randomUUID() });
    clock.set('2027-09-10T09:00:00Z');
    await subs.subscribe(actor, { plan_id: 'free', request_id: randomUUID() });
    expect((await b.userRow(actor.userId)).car_limit).toBe(50);
    clock.set('2027-10-01T09:00:00Z');
    await worker().tick();
    expect(await b.subscriptionOf(actor.userId)).toMatchObject({ plan_id: 'free', status: 'active' });
    expect((await b.userRow(actor.userId)).car_limit).toBeNull();
    expect((await b.chargesOf(actor.userId)).map((c) => c.kind)).toEqual(['initial']);
  });

  it('retries 3, 7 and 14 days after a failed renewal, then expires the contract and the account', async () => {
    clock.set('2027-11-01T09:00:00Z');
    const actor = await dealer();
    await cardsService(deps()).add(actor, 'card:4242:12:2030');
    await subscriptionService(deps()).subscribe(actor, { plan_id: 'basic', request_id: randomUUID() });
    const { tick } = worker();
    gateway.failCharges = 'card_limit_exceeded';
    const mailed = mails.length;
    try {
      for (let d = 0; d <= 16; d += 1) {
        clock.set(new Date(day('2027-12-01') + d * 86_400_000));
        await tick();
      }
    } finally {
      gateway.failCharges = null;
    }
    const charges = await b.chargesOf(actor.userId);
    expect(charges.map((c) => `${c.kind}:${c.period_start?.toISOString().slice(0, 10)}:${c.status}`)).toEqual([
      'initial:2027-11-01:succeeded',
      'renewal:2027-12-01:failed',
      'recovery:2027-12-01:failed',
      'recovery:2027-12-01:failed',
      'recovery:2027-12-01:failed',
    ]);
    expect(await b.subscriptionOf(actor.userId)).toMatchObject({ status: 'expired', retry_count: 3 });
    expect((await b.userRow(actor.userId)).status).toBe('expired');
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    const theirs = mails.slice(mailed).filter((m) => m.mail.to === email);
    expect(theirs).toHaveLength(4);
    expect(theirs.at(-1)?.mail.text).toContain('失効');
  });
});

import { tokeniseLocalCard } from '@spinyard/domain';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import { cardsRepo } from '../apps/server/src/modules/billing/cards-repo.ts';
import { billingWork } from '../apps/server/src/modules/billing/work.ts';
import { documentOf } from '../apps/server/src/modules/invoices/answer.ts';
import { type InvoiceIssuer, issueInvoiceForCharge } from '../apps/server/src/modules/invoices/index.ts';
import { invoicesRepo } from '../apps/server/src/modules/invoices/repo.ts';
import { controlledClock } from '../apps/server/src/platform/clock/clock.ts';
import { createLocalGateway } from '../apps/server/src/platform/payments/local-gateway.ts';
import { renderInvoicePdf } from '../apps/server/src/platform/pdf/invoice-pdf.ts';

/**
 * The renewal half of bench/month-end.ts: the subscriptions due at the month's turn renewed as the billing jobs
 * renew them (billing `work.step`: the row locked, the charge sent to the gateway off session under its key, the
 * invoice issued in the charge's transaction), by worker processes racing from both ends, then each new invoice's
 * PDF rendered. The local gateway keeps its charges in PostgreSQL, so two processes see one gateway.
 */

/** When the seeded periods began; the renewals run just after the periods' end, on 1 December in Tokyo. */
export const RENEWAL_SEED_AT = '2026-11-01T00:00:00+09:00';
const RENEWAL_AT = '2026-12-01T00:05:00+09:00';

/** Each dealer's customer and card on the local gateway, and the rows billing keeps of them. */
export async function seedCards(db: Db, users: { id: string }[]): Promise<void> {
  const clock = controlledClock(RENEWAL_SEED_AT);
  const gateway = await createLocalGateway({ db, clock });
  const repo = cardsRepo(db);
  for (let i = 0; i < users.length; i += 8) {
    await Promise.all(
      users.slice(i, i + 8).map(async (u) => {
        const customer = await gateway.createCustomer({
          userId: u.id,
          email: `dealer${u.id}@month-end.bench`,
          name: '販売店',
          idempotencyKey: `customer:${u.id}`,
        });
        const token = tokeniseLocalCard({ number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' });
        if (!token.ok) throw new Error('the test card did not tokenise');
        const attached = await gateway.attachCard(customer.ref, token.token);
        if (!attached.ok) throw new Error(`card: ${attached.error}`);
        await repo.saveCustomer(u.id, gateway.name, customer.ref);
        const { ref, brand, last4, exp_month, exp_year } = attached.card;
        await repo.insertDefaultCard({
          user_id: u.id,
          gateway: gateway.name,
          card_ref: ref,
          brand,
          last4,
          exp_month,
          exp_year,
        });
      }),
    );
  }
}

/** One worker: renews every due subscription from its end (the other's are found done), then renders the PDFs. */
export async function renewalWorker(
  db: Db,
  options: { issuer: InvoiceIssuer; order: 'asc' | 'desc'; onInvoice: (made: { pdfBytes: number }) => void },
): Promise<{ made: number; found: number; issueMs: number; pdfMs: number }> {
  const clock = controlledClock(RENEWAL_AT);
  const made: string[] = [];
  const work = billingWork({
    db,
    clock,
    payments: await createLocalGateway({ db, clock }),
    mail: { send: async () => undefined },
    publicUrl: undefined,
    onChargePaid: async (trx, chargeId) => {
      const issued = await issueInvoiceForCharge(trx, chargeId, clock.now(), options.issuer);
      if (issued.created) made.push(issued.id);
    },
  });
  const ids = await work.dueIds();
  if (options.order === 'desc') ids.reverse();
  const run = { made: 0, found: 0, issueMs: 0, pdfMs: 0 };
  const repo = invoicesRepo(db);
  for (const id of ids) {
    const began = performance.now();
    const before = made.length;
    while ((await work.step(id)) !== 'skipped');
    const rendering = performance.now();
    run.issueMs += rendering - began;
    if (made.length === before) {
      run.found += 1;
      continue;
    }
    // A committed invoice's PDF, as a download renders it.
    for (const invoiceId of made.slice(before)) {
      const row = await repo.byId(invoiceId);
      const pdfBytes = row ? (await renderInvoicePdf(documentOf(row), 'ja')).length : 0;
      run.made += 1;
      options.onInvoice({ pdfBytes });
    }
    run.pdfMs += performance.now() - rendering;
  }
  return run;
}

/** No double charge: one renewal per subscription here, one charge per key at the gateway, every one paid. */
export async function checkRenewals(db: Db, count: number, log: (line: string) => void): Promise<void> {
  const { rows } = await sql<Record<string, string>>`
    select (select count(*) from charges where kind = 'renewal') as renewals,
           (select count(distinct subscription_id) from charges where kind = 'renewal') as subscriptions,
           (select count(*) from charges where kind = 'renewal' and status = 'succeeded') as paid,
           (select count(*) from local_gateway_charges) as gateway,
           (select count(distinct idempotency_key) from local_gateway_charges) as keys,
           (select count(*) from subscriptions where current_period_end <= ${new Date(RENEWAL_AT)}) as still_due`.execute(
    db,
  );
  const r = rows[0] ?? {};
  log(
    `Renewal charges ${r.renewals} (subscriptions ${r.subscriptions}, paid ${r.paid}), gateway charges ${r.gateway} (keys ${r.keys}), still due ${r.still_due}`,
  );
  const expected = String(count);
  const ok =
    [r.renewals, r.subscriptions, r.paid, r.gateway, r.keys].every((v) => v === expected) && r.still_due === '0';
  if (!ok) throw new Error('Renewal check failed: a subscription charged twice, not at all, or left due');
  log('Check passed: every subscription charged exactly once, here and at the gateway');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { issueInvoiceForCharge } from '../../src/modules/invoices/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { billingFactory, standardLine } from '../helpers/factory-billing.ts';

/**
 * Issuing: one invoice per charge whatever the retries, numbers without gaps or repeats under parallel issues, the
 * document frozen with the totals per rate (tax rounded once per rate), and the free plan's invoice of nothing.
 */

const t = useTestApp();
const ISSUER = { name: '株式会社スピンヤード', address: '東京都千代田区1-1', registrationNumber: 'T1234567890123' };
const AT = new Date('2026-12-01T00:00:05+09:00');
let pool: Db;
let billing: ReturnType<typeof billingFactory>;
let userId: string;

const issue = (chargeId: string, db: Db = t.db) =>
  db.transaction().execute((trx) => issueInvoiceForCharge(trx, chargeId, AT, ISSUER));

async function numbers(): Promise<number[]> {
  const rows = await t.db.selectFrom('invoices').select('number').orderBy('number').execute();
  return rows.map((r) => Number(r.number));
}

beforeAll(async () => {
  // A pool of its own wide enough for the parallel issues to really wait on each other.
  pool = createDatabase(t.databaseUrl, 12).db;
  billing = billingFactory(t.db);
  await billing.plan({ id: 'standard' });
  userId = (await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true })).id;
});
afterAll(async () => {
  await pool.destroy();
});

describe('numbering', () => {
  it('gives parallel issues consecutive numbers, none twice and none skipped', async () => {
    const before = await numbers();
    const charges = await Promise.all(Array.from({ length: 24 }, () => billing.charge({ userId })));
    // Each charge issued three times at once (a retried job, a replayed notice): one invoice each.
    const issued = await Promise.all(charges.flatMap((id) => [issue(id, pool), issue(id, pool), issue(id, pool)]));
    expect(issued.filter((i) => i.created)).toHaveLength(24);
    const after = (await numbers()).slice(before.length);
    const first = (before.at(-1) ?? 0) + 1;
    expect(after).toEqual(Array.from({ length: 24 }, (_, i) => first + i));
    const perCharge = await t.db
      .selectFrom('invoices')
      .select(['charge_id'])
      .where('charge_id', 'in', charges)
      .execute();
    expect(new Set(perCharge.map((r) => r.charge_id)).size).toBe(24);
    expect(perCharge).toHaveLength(24);
  });

  it('a rolled-back issue gives its number back', async () => {
    const before = await numbers();
    const charge = await billing.charge({ userId });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await issueInvoiceForCharge(trx, charge, AT, ISSUER);
        throw new Error('the charge could not be marked paid');
      }),
    ).rejects.toThrow('could not be marked paid');
    const again = await issue(charge);
    expect(again.created).toBe(true);
    expect(await numbers()).toEqual([...before, (before.at(-1) ?? 0) + 1]);
  });

  it('refuses a charge that is not paid', async () => {
    const charge = await billing.charge({ userId, status: 'failed' });
    await expect(issue(charge)).rejects.toThrow(/not paid/);
    expect(await t.db.selectFrom('invoices').where('charge_id', '=', charge).select('id').execute()).toEqual([]);
  });
});

describe('the document', () => {
  it('freezes issuer, customer, lines and the totals per rate, tax rounded once per rate', async () => {
    const lines = [
      { description: 'スタンダードプラン', quantity: 1, unit_amount: 105, amount: 105, tax_rate: 0.1 },
      { description: 'オプションA', quantity: 1, unit_amount: 105, amount: 105, tax_rate: 0.1 },
      { description: 'オプションB', quantity: 1, unit_amount: 105, amount: 105, tax_rate: 0.1 },
      { description: '軽減税率の品目', quantity: 1, unit_amount: 1999, amount: 1999, tax_rate: 0.08 },
      { description: '遅延損害金', quantity: 1, unit_amount: 39, amount: 39, tax_rate: 0 },
    ];
    const charge = await billing.charge({ userId, lines });
    const { id } = await issue(charge);
    const row = await t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const doc = row.document as Record<string, unknown>;
    expect(doc.issuer).toEqual({ name: ISSUER.name, address: ISSUER.address, registration_number: 'T1234567890123' });
    expect(doc.totals).toEqual({
      // ¥315 at 10 % is 31 rounded once; rounded per line it would be 10 + 10 + 10 = 30.
      tax_by_rate: [
        { rate: 0.1, taxable: 315, tax: 31 },
        { rate: 0.08, taxable: 1999, tax: 159 },
      ],
      outside_tax: 39,
      total_without_tax: 2353,
      tax: 190,
      total_with_tax: 2543,
    });
    expect(Number(row.total_with_tax)).toBe(2543);
    expect(doc.lines).toEqual(lines);
    expect(doc.issued_at).toBe(AT.toISOString());
    // A later change of the customer's name does not change the invoice.
    await t.make.update.user(userId, { name: 'Renamed' });
    const again = await t.db.selectFrom('invoices').select('document').where('id', '=', id).executeTakeFirstOrThrow();
    expect((again.document as { customer: { name: string } }).customer.name).not.toBe('Renamed');
  });

  it("the free plan's charge of nothing gets an invoice of zeros with plan free", async () => {
    const charge = await billing.charge({
      userId,
      planId: 'free',
      lines: [{ ...standardLine(0), description: 'Free' }],
    });
    const { id } = await issue(charge);
    const row = await t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.plan_id).toBe('free');
    expect([row.total_without_tax, row.tax, row.total_with_tax].map(Number)).toEqual([0, 0, 0]);
  });
});

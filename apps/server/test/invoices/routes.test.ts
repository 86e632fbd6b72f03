import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodCharge, upgradeCharge } from '../../src/modules/billing/charges.ts';
import type { PlanRow, SubscriptionRow } from '../../src/modules/billing/repo.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { standardLine } from '../helpers/factory-billing.ts';
import { call } from '../helpers/http.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { invoiceSeeder } from './seed.ts';

/**
 * The invoice calls as a dealer and as master use them: the caller's list by month, one invoice's details (plan
 * identifier, free included), the PDF's text in two languages, the CSV with formula cells neutralised, and the
 * master-only calls refused to everyone else.
 */

const t = useTestApp();
let master: SignedInUser;
let dealer: SignedInUser;
let dealerNormal: SignedInUser;
let notByCard: SignedInUser;
let ids: { nov: string[]; oct: string; free: string; upgrade: string };

beforeAll(async () => {
  const seed = invoiceSeeder(t.db);
  await seed.plan({ id: 'standard' });
  master = await t.make.master();
  // A name a spreadsheet would run: the CSV must write it as text.
  dealer = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true, name: '=HYPERLINK("http://x")' });
  dealerNormal = await t.make.signedInUnder(dealer, { is_pay_by_credit: true });
  notByCard = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: false });
  const lines = [standardLine(105), standardLine(105), standardLine(105)];
  ids = {
    oct: await seed.invoice(dealer.id, '2026-10-01T09:00:00+09:00'),
    nov: [
      await seed.invoice(dealer.id, '2026-11-01T00:00:00+09:00', { lines }),
      await seed.invoice(dealer.id, '2026-11-30T23:59:00+09:00'),
    ],
    free: await seed.invoice(dealer.id, '2026-11-15T10:00:00+09:00', { planId: 'free', lines: [standardLine(0)] }),
    upgrade: '',
  };
  // Behind on payment: a failed renewal since the subscription fell past due.
  const late = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true, name: 'Late payer' });
  await t.make.update.user(late.id, { payment_failed_at: new Date('2026-11-02T00:00:00Z') });
  const sub = await seed.subscription({
    userId: late.id,
    planId: 'standard',
    status: 'past_due',
    pastDueSince: new Date('2026-11-01T00:00:00Z'),
    nextRetryAt: new Date('2026-11-04T00:00:00Z'),
  });
  // Cancelled, still renewing once before its end.
  const leaving = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true, name: 'Leaving' });
  await seed.subscription({
    userId: leaving.id,
    planId: 'standard',
    status: 'cancel_pending',
    periodEnd: new Date('2026-12-01T00:00:00Z'),
    endDate: new Date('2027-01-01T00:00:00Z'),
  });
  await seed.charge({ userId: late.id, subscriptionId: sub, status: 'failed' });
  // An upgrade and a recovery with its late fee, as the billing area words their lines.
  const plan = (id: string, name: string, amount: string) => ({ id, name, amount, interval: 'month' }) as PlanRow;
  const period = {
    current_period_start: new Date('2026-11-01T00:00:00Z'),
    current_period_end: new Date('2026-12-01T00:00:00Z'),
  };
  const running = { id: sub, user_id: late.id, ...period, created_at: period.current_period_start } as SubscriptionRow;
  const [from, to] = [plan('standard', 'スタンダード', '3000'), plan('premium', 'プレミアム', '9000')];
  const at = new Date('2026-11-16T00:00:00Z');
  const upgrade = upgradeCharge({ key: 'k', sub: running, from, to, now: at, gateway: 'local' }).lines;
  const behind = { ...running, past_due_since: new Date('2026-10-01T00:00:00Z') };
  const recovery = periodCharge({ sub: behind, plan: from, key: 'r', kind: 'recovery', gateway: 'local', now: at });
  ids.upgrade = await seed.invoice(late.id, '2026-11-16T09:00:00+09:00', { lines: [...upgrade, ...recovery.lines] });
  await seed.subscription({ userId: dealer.id, planId: 'standard' });
});

const get = (user: SignedInUser, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });

describe('the dealer', () => {
  it('lists their invoices newest first, by Japan month', async () => {
    const all = await get(dealer, '/v1/invoice');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    expect(all.json().items.map((i: { id: string }) => i.id)).toEqual([ids.nov[1], ids.free, ids.nov[0], ids.oct]);
    const nov = await get(dealer, '/v1/invoice?from=2026-11&to=2026-11');
    expect(
      nov
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort(),
    ).toEqual([...ids.nov, ids.free].sort());
    expect((await get(dealer, '/v1/invoice?to=2026-10')).json().items.map((i: { id: string }) => i.id)).toEqual([
      ids.oct,
    ]);
  });

  it("reads one invoice's details with the plan identifier and the tax once per rate", async () => {
    const res = await get(dealer, `/v1/details/${ids.nov[0]}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plan_id).toBe('standard');
    expect(body.issuer.registration_number).toBe('T1234567890123');
    expect(body.tax_by_rate).toEqual([{ rate: 0.1, taxable: 315, tax: 31 }]);
    expect([body.total_without_tax, body.tax, body.total_with_tax]).toEqual([315, 31, 346]);
    expect(body.lines).toHaveLength(3);
    expect(body.number).toMatch(/^\d{8}$/);
  });

  it('the free plan is named free, with nothing to pay', async () => {
    const body = (await get(dealer, `/v1/details/${ids.free}`)).json();
    expect(body.plan_id).toBe('free');
    expect(body.total_with_tax).toBe(0);
  });

  it('gets the PDF in Japanese by default and in the language asked, with the Japanese font embedded', async () => {
    const ja = await get(dealer, `/v1/invoice/${ids.nov[0]}/pdf`);
    expect(ja.statusCode).toBe(200);
    expect(ja.headers['content-type']).toBe('application/pdf');
    const text = pdfText(ja.rawPayload);
    expect(text.fonts.some((f) => f.endsWith('+NotoSansJP-Regular'))).toBe(true);
    const page = text.pages.join(' ');
    for (const expected of ['適格請求書', '登録番号: T1234567890123', '株式会社スピンヤード', '10%対象 ￥315']) {
      expect(page).toContain(expected);
    }
    expect(page).toContain('消費税（10%） ￥31');
    expect(page).toContain('合計（税込） ￥346');
    const en = pdfText((await get(dealer, `/v1/invoice/${ids.nov[0]}/pdf?lang=en`)).rawPayload).pages.join(' ');
    expect(en).toContain('Qualified Invoice');
    expect(en).toContain('Total (incl. tax) ¥346');
    const fr = await get(dealer, `/v1/invoice/${ids.nov[0]}/pdf`, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(pdfText(fr.rawPayload).pages.join(' ')).toContain('Facture conforme');
  });

  it("says what an upgrade's lines and a late fee are in the invoice's language", async () => {
    const pdf = async (lang: string) =>
      pdfText((await get(master, `/v1/invoice/${ids.upgrade}/pdf?lang=${lang}`)).rawPayload).pages.join(' ');
    const ja = await pdf('ja');
    for (const words of [
      'プレミアム（今期の残り期間分）',
      'スタンダード（未使用期間分の差引）',
      '遅延損害金（年14.6%）',
    ]) {
      expect(ja).toContain(words);
    }
    // (the customer is named 'Late payer')
    expect(ja).not.toMatch(/rest of the period|unused part|Late payment/);
    expect(await pdf('fr')).toContain('Intérêts de retard (14,6 % par an)');
    expect(await pdf('en')).toContain('プレミアム (rest of the period)');
  });

  it('downloads the list as CSV with formula cells neutralised', async () => {
    const res = await get(dealer, '/v1/invoice/csv?from=2026-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'number,issued_at,customer_user_id,company_name,customer_name,plan_id,period_start,period_end,currency,' +
        'total_without_tax,tax,total_with_tax,status',
    );
    expect(rows).toHaveLength(4);
    for (const row of rows.slice(1)) expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('refuses a month from after its month to, naming the field', async () => {
    const res = await get(dealer, '/v1/invoice?from=2026-12&to=2026-11');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields[0].field).toBe('to');
    const bad = await get(dealer, '/v1/invoice?from=2026-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields[0].field).toBe('from');
  });
});

describe('who may', () => {
  it.each([
    ['an admin not paying by card', () => notByCard],
    ["the dealer's normal user", () => dealerNormal],
  ])('%s reads no invoice', async (_label, who) => {
    for (const url of ['/v1/invoice', '/v1/invoice/csv', `/v1/details/${ids.oct}`, `/v1/invoice/${ids.oct}/pdf`]) {
      expect((await get(who(), url)).statusCode).toBe(403);
    }
  });

  it.each(['/v1/detail-all', '/v1/customers'])('%s is master only', async (url) => {
    for (const who of [dealer, dealerNormal, notByCard]) expect((await get(who, url)).statusCode).toBe(403);
    expect((await get(master, url)).statusCode).toBe(200);
  });

  it("master reads every customer's invoices and one customer's by user_id", async () => {
    const mine = await get(master, `/v1/invoice?user_id=${dealer.id}`);
    expect(mine.json().total).toBe(4);
    const all = await get(master, `/v1/detail-all?user_id=${dealer.id}&from=2026-11&to=2026-11`);
    expect(all.json().items).toHaveLength(3);
    expect(all.json().items[0].tax_by_rate).toBeDefined();
    expect((await get(master, `/v1/details/${ids.oct}`)).statusCode).toBe(200);
    expect((await get(master, `/v1/invoice/${ids.oct}/pdf`)).statusCode).toBe(200);
  });

  it('master sees customers behind on payment first, with what is open', async () => {
    const res = await get(master, '/v1/customers');
    const items = res.json().items as { name: string; is_payment: boolean; open_amount: number }[];
    expect(items[0]).toMatchObject({ name: 'Late payer', is_payment: false, open_amount: 10780 });
    // The next billing as the dealer's contract page says it: the retry when behind, a cancelled contract's renewal.
    const next = (name: string) => (items.find((c) => c.name === name) as { next_billing_at?: string }).next_billing_at;
    expect(next('Late payer')).toBe('2026-11-04T00:00:00.000Z');
    expect(next('Leaving')).toBe('2026-12-01T00:00:00.000Z');
    expect(items.find((c) => c.name.startsWith('=HYPERLINK'))).toMatchObject({ is_payment: true, open_amount: 0 });
    const overdue = await get(master, '/v1/customers?overdue=true');
    expect(overdue.json().items.map((c: { name: string }) => c.name)).toEqual(['Late payer']);
    expect((await get(master, '/v1/customers?q=Late')).json().total).toBe(1);
  });
});

describe('bad input', () => {
  it.each(['/v1/details/0', '/v1/details/abc', '/v1/invoice/1x/pdf', '/v1/invoice/1/pdf?lang=de'])(
    '%s is 422, never 500',
    async (url) => {
      expect((await call(t.app, dealer.token, 'GET', url)).statusCode).toBe(422);
    },
  );

  it('an invoice that does not exist is not_found', async () => {
    expect((await get(dealer, '/v1/details/999999')).statusCode).toBe(404);
  });
});

describe('periods and plans as every list shows them', () => {
  it('ends a period on its last day in the list, PDF and CSV, and names the plan as when issued', async () => {
    const seed = invoiceSeeder(t.db);
    await seed.plan({ id: 'named' });
    const payer = await t.make.signedIn({ privilege_type: 'admin', is_pay_by_credit: true, name: 'Periods payer' });
    await seed.subscription({ userId: payer.id, planId: 'named' });
    // A contract made at 10:00 in Tokyo: the end minus a moment fell on the next period's first day (1 January in
    // both periods).
    const ten = (day: string) => new Date(`${day}T10:00:00+09:00`);
    const dec = { planId: 'named', periodStart: ten('2026-12-01'), periodEnd: ten('2027-01-01') };
    const decId = await seed.invoice(payer.id, '2026-12-01T10:00:00+09:00', dec);
    const jan = { planId: 'named', periodStart: ten('2027-01-01'), periodEnd: ten('2027-02-01') };
    const janId = await seed.invoice(payer.id, '2027-01-01T10:00:00+09:00', jan);
    const csv = (await get(payer, '/v1/invoice/csv')).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv.slice(1).map((row) => row.match(/\b\d{4}-\d{2}-\d{2}\b/g))).toEqual([
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
    ]);
    const pdf = pdfText((await get(payer, `/v1/invoice/${decId}/pdf`)).rawPayload).pages.join(' ');
    expect(pdf).toContain('2026年12月1日 – 2026年12月31日');

    // The name when issued stays after the plan is renamed; an invoice issued before names were kept shows the
    // plan's name now; the customers list shows the contract's plan's name now.
    await t.db.updateTable('plans').set({ name: 'スタンダード' }).where('id', '=', 'named').execute();
    await t.db.updateTable('invoices').set({ document: sql`document - 'plan_name'` }).where('id', '=', janId).execute();
    const names = (await get(payer, '/v1/invoice')).json().items.map((i: { plan_name: string }) => i.plan_name);
    expect(names).toEqual(['スタンダード', 'Plan named']);
    const customers = await get(master, '/v1/customers?q=Periods');
    expect(customers.json().items[0]).toMatchObject({ plan_id: 'named', plan_name: 'スタンダード' });
  });
});

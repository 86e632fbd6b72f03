import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChargeLine } from '../../db/schema-billing.ts';
import type { InvoiceDocument } from '../../platform/pdf/invoice-pdf.ts';
import { keysetPages, onPage } from '../sql.ts';

/** The one counter row every invoice number comes from (migration 0020). */
const COUNTER = 'invoice';

export interface InvoiceFilter {
  /** One customer's invoices; absent: every customer's (master). */
  userId?: string | undefined;
  /** Months in Japan time, YYYY-MM, both included. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  limit: number;
}

export interface NewInvoice {
  number: number;
  user_id: string;
  charge_id: string;
  plan_id: string;
  currency: InvoiceDocument['currency'];
  status: InvoiceDocument['status'];
  issued_at: Date;
  period_start: Date | null;
  period_end: Date | null;
  document: InvoiceDocument;
  total_without_tax: number;
  tax: number;
  total_with_tax: number;
}

const INVOICE_COLUMNS = [
  'i.id',
  'i.number',
  'i.user_id',
  'i.plan_id',
  'i.currency',
  'i.status',
  'i.issued_at',
  'i.period_start',
  'i.period_end',
  'i.document',
  'i.total_without_tax',
  'i.tax',
  'i.total_with_tax',
] as const;

/**
 * The plan's name now, for invoices issued before their document froze the name at issue (the lists show a name,
 * the id only when the plan is gone).
 */
const PLAN_NAME_NOW = sql<string | null>`(select p.name from plans p where p.id = i.plan_id)`.as('plan_name_now');

/** The first instant of a Japan month: invoices are filed by the month they were issued in, in Japan. */
const monthStart = (month: string, plus = 0) =>
  sql<Date>`((${`${month}-01`}::date + make_interval(months => ${plus}))::timestamp at time zone 'Asia/Tokyo')`;

/** SQL of the invoices area: the only writer of `invoices` and `invoice_numbers`; reads charges and users. */
export function invoicesRepo(db: Db) {
  function filtered(f: InvoiceFilter) {
    return db.selectFrom('invoices as i').where((eb) => {
      const parts: Expression<SqlBool>[] = [];
      if (f.userId !== undefined) parts.push(eb('i.user_id', '=', f.userId));
      if (f.from !== undefined) parts.push(eb('i.issued_at', '>=', monthStart(f.from)));
      if (f.to !== undefined) parts.push(eb('i.issued_at', '<', monthStart(f.to, 1)));
      return eb.and(parts);
    });
  }

  return {
    /**
     * Takes the counter row for the rest of the transaction and answers the last number given. Every issue waits
     * here for the one before it to commit or roll back, so a number is used exactly once and none is skipped.
     */
    async lockCounter(): Promise<number> {
      const row = await db
        .selectFrom('invoice_numbers')
        .select('last_number')
        .where('name', '=', COUNTER)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async setCounter(last: number): Promise<void> {
      await db.updateTable('invoice_numbers').set({ last_number: last }).where('name', '=', COUNTER).execute();
    },

    async idOfCharge(chargeId: string): Promise<string | undefined> {
      const row = await db.selectFrom('invoices').select('id').where('charge_id', '=', chargeId).executeTakeFirst();
      return row?.id;
    },

    /**
     * The paid charge and whom it was paid by, as the invoice names them, with the plan's name to freeze in the
     * document (read-only: the billing and plans areas' rows).
     */
    chargeForInvoice(chargeId: string) {
      return db
        .selectFrom('charges as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .leftJoin('companies as co', 'co.id', 'u.company_id')
        .select([
          'c.id',
          'c.user_id',
          'c.plan_id',
          'c.currency',
          'c.status',
          'c.period_start',
          'c.period_end',
          'u.name',
          'u.display_name',
          'u.email',
          'u.store_name',
          'co.name as company_name',
        ])
        .select(sql<string | null>`(select p.name from plans p where p.id = c.plan_id)`.as('plan_name'))
        .select(sql<ChargeLine[]>`c.lines`.as('lines'))
        .where('c.id', '=', chargeId)
        .executeTakeFirst();
    },

    /**
     * Paid charges without their invoice, a batch after `after` in id order (or before it, going down): what a
     * month-end run still has to invoice.
     */
    async uninvoicedCharges(after: string | undefined, limit: number, order: 'asc' | 'desc'): Promise<string[]> {
      let q = db
        .selectFrom('charges as c')
        .leftJoin('invoices as i', 'i.charge_id', 'c.id')
        .select('c.id')
        .where('c.status', '=', 'succeeded')
        .where('i.id', 'is', null);
      if (after !== undefined) q = q.where('c.id', order === 'asc' ? '>' : '<', after);
      const rows = await q.orderBy('c.id', order).limit(limit).execute();
      return rows.map((r) => r.id);
    },

    async insert(row: NewInvoice): Promise<string> {
      const { id } = await db
        .insertInto('invoices')
        .values({ ...row, document: JSON.stringify(row.document) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    byId(id: string) {
      return db
        .selectFrom('invoices as i')
        .select(INVOICE_COLUMNS)
        .select(PLAN_NAME_NOW)
        .where('i.id', '=', id)
        .executeTakeFirst();
    },

    /** Newest first; the number breaks ties so pages never overlap. */
    async list(f: InvoiceFilter) {
      const counted = await filtered(f)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirst();
      const newestFirst = filtered(f)
        .select(INVOICE_COLUMNS)
        .select(PLAN_NAME_NOW)
        .orderBy('i.issued_at', 'desc')
        .orderBy('i.number', 'desc');
      const items = await onPage(newestFirst, f).execute();
      return { items, total: Number(counted?.total ?? 0) };
    },

    /** Every invoice of the filter, a batch at a time in number order (the CSV). */
    batches(f: Omit<InvoiceFilter, 'page' | 'limit'>, size: number) {
      const page = (after: string) =>
        filtered({ ...f, page: 1, limit: size })
          .select(INVOICE_COLUMNS)
          .select(PLAN_NAME_NOW)
          .where('i.number', '>', after)
          .orderBy('i.number')
          .limit(size)
          .execute();
      return keysetPages(size, page, (row) => row.number);
    },
  };
}
export type InvoicesRepo = ReturnType<typeof invoicesRepo>;
export type InvoiceRow = NonNullable<Awaited<ReturnType<InvoicesRepo['byId']>>>;

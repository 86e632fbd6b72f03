import { Readable } from 'node:stream';
import {
  type CustomerAnswer,
  canManageCard,
  csvRecord,
  type InvoiceListQuery,
  japanDateOf,
  type Locale,
  type PageOf,
  type PermissionActor,
  periodLastDay,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { documentOf, toDetail, toSummary } from './answer.ts';
import { type CustomerFilter, customersRepo } from './customers-repo.ts';
import { type InvoiceFilter, type InvoiceRow, invoicesRepo } from './repo.ts';

/** Excel reads a UTF-8 file as UTF-8 only after this mark. */
const UTF8_BOM = '\uFEFF';
const CSV_BATCH = 500;
export const INVOICE_CSV_HEADER = [
  'number',
  'issued_at',
  'customer_user_id',
  'company_name',
  'customer_name',
  'plan_id',
  'period_start',
  'period_end',
  'currency',
  'total_without_tax',
  'tax',
  'total_with_tax',
  'status',
] as const;

const isMaster = (pa: PermissionActor) => pa.privilegeType === 'master';

/**
 * Whose invoices the caller reads: master every customer's (or the one named); an admin paying by card only
 * their own ("card update, contract, invoice: that user, if admin and pay-by-credit"). Naming another customer
 * answers not_found, as any other tenant's row does.
 */
function scopeOf(pa: PermissionActor, q: InvoiceListQuery): InvoiceFilter {
  if (q.from && q.to && q.from > q.to) {
    throw new AppError('validation_failed', {
      fields: [fieldError('to', 'after_from', 'The last month comes on or after the first.')],
    });
  }
  const months = { from: q.from, to: q.to, page: q.page, limit: q.limit };
  if (isMaster(pa)) return { ...months, userId: q.user_id };
  enforce(canManageCard(pa));
  if (q.user_id !== undefined && q.user_id !== pa.id) throw new AppError('not_found');
  return { ...months, userId: pa.id };
}

function csvCells(row: InvoiceRow): string[] {
  const s = toSummary(row);
  return [
    s.number,
    s.issued_at,
    s.customer.user_id,
    s.customer.company_name,
    s.customer.name,
    s.plan_id,
    // Days of Japan's calendar, the period's last day included, as the list and the PDF show them.
    row.period_start ? japanDateOf(row.period_start) : '',
    row.period_end ? japanDateOf(periodLastDay(row.period_end)) : '',
    s.currency,
    String(s.total_without_tax),
    String(s.tax),
    String(s.total_with_tax),
    s.status,
  ];
}

export function invoicesService(db: Db) {
  const repo = invoicesRepo(db);
  const customers = customersRepo(db);

  /** One invoice the caller may read: master any, an admin paying by card their own; else not_found. */
  async function readable(actor: Actor, id: string): Promise<InvoiceRow> {
    const pa = await permissionActorOf(db, actor);
    if (!isMaster(pa)) enforce(canManageCard(pa));
    const row = await repo.byId(id);
    if (!row || (!isMaster(pa) && row.user_id !== pa.id)) throw new AppError('not_found');
    return row;
  }

  async function masterOnly(actor: Actor): Promise<void> {
    if (!isMaster(await permissionActorOf(db, actor))) throw new AppError('forbidden');
  }

  return {
    async list(actor: Actor, q: InvoiceListQuery) {
      const f = scopeOf(await permissionActorOf(db, actor), q);
      const { items, total } = await repo.list(f);
      return { items: items.map(toSummary), total, page: q.page, limit: q.limit };
    },

    async detail(actor: Actor, id: string) {
      return toDetail(await readable(actor, id));
    },

    /** Master: every invoice with its lines and per-rate totals, filtered like the list. */
    async detailAll(actor: Actor, q: InvoiceListQuery) {
      await masterOnly(actor);
      const { items, total } = await repo.list(scopeOf(await permissionActorOf(db, actor), q));
      return { items: items.map(toDetail), total, page: q.page, limit: q.limit };
    },

    async customers(actor: Actor, q: CustomerFilter): Promise<PageOf<CustomerAnswer>> {
      await masterOnly(actor);
      const { items, total } = await customers.list(q);
      return {
        items: items.map((c) => ({
          user_id: c.user_id,
          name: c.name,
          email: c.email,
          company_name: c.company_name,
          plan_id: c.plan_id,
          plan_name: c.plan_name,
          subscription_status: c.subscription_status,
          is_payment: c.is_payment,
          open_amount: Number(c.open_amount),
          currency: c.currency,
          next_billing_at: c.next_billing_at?.toISOString() ?? null,
        })),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    async pdf(actor: Actor, id: string, locale: Locale): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await readable(actor, id);
      const document = documentOf(row);
      return { fileName: `invoice-${document.number}.pdf`, bytes: await renderInvoicePdf(document, locale) };
    },

    /** The list's invoices as CSV (UTF-8 with BOM), amounts in minor units, every cell neutralised (csvRecord). */
    async csv(actor: Actor, q: InvoiceListQuery): Promise<{ fileName: string; stream: Readable }> {
      const f = scopeOf(await permissionActorOf(db, actor), q);
      async function* chunks() {
        yield UTF8_BOM + csvRecord([...INVOICE_CSV_HEADER]);
        for await (const rows of repo.batches(f, CSV_BATCH)) yield rows.map((r) => csvRecord(csvCells(r))).join('');
      }
      const span = [q.from, q.to].filter(Boolean).join('_');
      return { fileName: `invoices${span ? `_${span}` : ''}.csv`, stream: Readable.from(chunks()) };
    },
  };
}
export type InvoicesService = ReturnType<typeof invoicesService>;

import type { InvoiceDetailAnswer, InvoiceSummary } from '@spinyard/domain';
import type { InvoiceDocument } from '../../platform/pdf/invoice-pdf.ts';
import { formatInvoiceNumber } from './issue.ts';
import type { InvoiceRow } from './repo.ts';

/** The document as stored; its customer and lines are what the invoice said when issued. */
export const documentOf = (row: InvoiceRow) => row.document as unknown as InvoiceDocument;

export function toSummary(row: InvoiceRow): InvoiceSummary {
  const { customer, plan_name } = documentOf(row);
  return {
    id: row.id,
    number: formatInvoiceNumber(row.number),
    issued_at: row.issued_at.toISOString(),
    period_start: row.period_start?.toISOString() ?? null,
    period_end: row.period_end?.toISOString() ?? null,
    currency: row.currency,
    total_without_tax: Number(row.total_without_tax),
    tax: Number(row.tax),
    total_with_tax: Number(row.total_with_tax),
    status: row.status,
    plan_id: row.plan_id,
    // The name when issued; an invoice from before the name was frozen takes the plan's name now, else the id.
    plan_name: plan_name ?? row.plan_name_now ?? row.plan_id,
    customer: { user_id: row.user_id, name: customer.name, company_name: customer.company_name },
  };
}

export function toDetail(row: InvoiceRow): InvoiceDetailAnswer {
  const d = documentOf(row);
  return {
    ...toSummary(row),
    issuer: d.issuer,
    lines: d.lines,
    tax_by_rate: d.totals.tax_by_rate,
    outside_tax: d.totals.outside_tax,
  };
}

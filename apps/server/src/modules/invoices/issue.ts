import { invoiceTotals } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { InvoiceDocument } from '../../platform/pdf/invoice-pdf.ts';
import { invoicesRepo } from './repo.ts';

/** Who issues the invoices (config: SPINYARD_INVOICE_ISSUER_*), frozen into each invoice as it is issued. */
export interface InvoiceIssuer {
  name: string;
  address: string;
  /** "T" and 13 digits, checked at start; empty when the operator is not a registered issuer. */
  registrationNumber: string;
}

/** What config.ts gives when nothing is set: the product's name, no address, not a registered issuer. */
export const DEFAULT_INVOICE_ISSUER: InvoiceIssuer = { name: 'Spinyard', address: '', registrationNumber: '' };

/** Invoice numbers as printed: at least eight digits, so they sort as text too. */
export const formatInvoiceNumber = (n: number | string) => String(n).padStart(8, '0');

export interface IssuedInvoice {
  id: string;
  /** False when the charge already had its invoice (a retried job, a replayed notice). */
  created: boolean;
}

/**
 * The invoice of a paid charge, issued in the caller's transaction (the one that marks the charge succeeded, so
 * a charge is never paid without its invoice nor invoiced unpaid). One invoice per charge, whatever the retries:
 * the counter row is taken first, so a second issue for the same charge waits for the first to commit and then
 * finds its invoice. Numbers follow each other without a gap: the counter moves in the same transaction as the
 * invoice it numbers, and a rollback takes both back. Call it in a READ COMMITTED transaction (PostgreSQL's
 * default): the look-up after the lock must see what the transaction before it committed.
 *
 * The document is frozen here (issuer, customer, lines, totals per rate); later changes to the customer, the plan
 * or the issuer's settings never change an invoice already issued.
 */
export async function issueInvoiceForCharge(
  trx: Db,
  chargeId: string,
  issuedAt: Date,
  issuer: InvoiceIssuer,
): Promise<IssuedInvoice> {
  const repo = invoicesRepo(trx);
  const last = await repo.lockCounter();
  const existing = await repo.idOfCharge(chargeId);
  if (existing !== undefined) return { id: existing, created: false };
  const charge = await repo.chargeForInvoice(chargeId);
  if (!charge) throw new Error(`No charge ${chargeId} to invoice`);
  // An invoice states a payment received: the billing area calls this only once the charge has succeeded.
  if (charge.status !== 'succeeded') throw new Error(`Charge ${chargeId} is ${charge.status}, not paid`);
  const lines = charge.lines.map((l) => ({
    description: l.description,
    ...(l.note ? { note: l.note } : {}),
    quantity: l.quantity,
    unit_amount: l.unit_amount,
    amount: l.amount,
    tax_rate: l.tax_rate,
  }));
  const totals = invoiceTotals(lines);
  const number = last + 1;
  const document: InvoiceDocument = {
    number: formatInvoiceNumber(number),
    issued_at: issuedAt.toISOString(),
    period_start: charge.period_start?.toISOString() ?? null,
    period_end: charge.period_end?.toISOString() ?? null,
    currency: charge.currency,
    status: 'paid',
    plan_id: charge.plan_id,
    ...(charge.plan_name ? { plan_name: charge.plan_name } : {}),
    issuer: { name: issuer.name, address: issuer.address, registration_number: issuer.registrationNumber },
    customer: {
      user_id: charge.user_id,
      company_name: charge.company_name ?? charge.store_name,
      name: charge.display_name || charge.name,
      email: charge.email,
    },
    lines,
    totals,
  };
  const id = await repo.insert({
    number,
    user_id: charge.user_id,
    charge_id: charge.id,
    plan_id: charge.plan_id,
    currency: charge.currency,
    status: 'paid',
    issued_at: issuedAt,
    period_start: charge.period_start,
    period_end: charge.period_end,
    document,
    total_without_tax: totals.total_without_tax,
    tax: totals.tax,
    total_with_tax: totals.total_with_tax,
  });
  await repo.setCounter(number);
  return { id, created: true };
}

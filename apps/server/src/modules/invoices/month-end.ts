import type { Locale } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf.ts';
import { documentOf } from './answer.ts';
import { type InvoiceIssuer, issueInvoiceForCharge } from './issue.ts';
import { invoicesRepo } from './repo.ts';

export interface MonthEndOptions {
  issuer: InvoiceIssuer;
  issuedAt: Date;
  /** Charges read per query. */
  batch?: number;
  /** Which end of the charges to start from: two workers started from both ends meet in the middle. */
  order?: 'asc' | 'desc';
  /** Render each new invoice's PDF in this language (its cost is part of the month-end's); absent: none. */
  pdfLocale?: Locale;
  /** Called after each invoice this run made. */
  onInvoice?: (made: { id: string; pdfBytes: number }) => void;
}

export interface MonthEndRun {
  made: number;
  found: number;
  /** Time spent in the invoices' transactions and in rendering their PDFs, in ms. */
  issueMs: number;
  pdfMs: number;
}

/**
 * Invoices every paid charge still without one, one transaction per invoice, a batch of charges at a time: the
 * catch-up a month-end run does after the renewals (which issue their invoices themselves). Safe on several
 * workers at once: a charge another worker invoiced meanwhile is found by issueInvoiceForCharge and skipped.
 * Answers how many invoices this run made, how many charges it found already done, and where the time went.
 */
export async function invoicePaidCharges(db: Db, options: MonthEndOptions): Promise<MonthEndRun> {
  const repo = invoicesRepo(db);
  const order = options.order ?? 'asc';
  let after: string | undefined;
  const run: MonthEndRun = { made: 0, found: 0, issueMs: 0, pdfMs: 0 };
  for (;;) {
    const ids = await repo.uninvoicedCharges(after, options.batch ?? 200, order);
    if (ids.length === 0) return run;
    for (const chargeId of ids) {
      const began = performance.now();
      const issued = await db
        .transaction()
        .execute((trx) => issueInvoiceForCharge(trx, chargeId, options.issuedAt, options.issuer));
      const rendering = performance.now();
      run.issueMs += rendering - began;
      if (!issued.created) {
        run.found += 1;
        continue;
      }
      run.made += 1;
      let pdfBytes = 0;
      if (options.pdfLocale) {
        const row = await repo.byId(issued.id);
        if (row) pdfBytes = (await renderInvoicePdf(documentOf(row), options.pdfLocale)).length;
        run.pdfMs += performance.now() - rendering;
      }
      options.onInvoice?.({ id: issued.id, pdfBytes });
    }
    after = ids.at(-1);
  }
}

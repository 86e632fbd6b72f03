import type { AppModule } from '../context.ts';
import { invoicesRoutes } from './routes.ts';
import { invoicesService } from './service.ts';

export { formatInvoiceNumber, type InvoiceIssuer, type IssuedInvoice, issueInvoiceForCharge } from './issue.ts';

/**
 * Invoices (issue 19, point 6): the qualified invoice of each paid charge, numbered without gaps and frozen at
 * issue (issue.ts, called by the billing area in the transaction that marks the charge paid), its PDF in the
 * reader's language, the CSV of a list, and master's views of every invoice and of the customers.
 */
export const invoicesModule: AppModule = {
  name: 'invoices',
  async signedIn(scope, ctx) {
    await scope.register(invoicesRoutes, { invoices: invoicesService(ctx.db) });
  },
};

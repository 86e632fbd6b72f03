import type { Db } from '../../src/db/database.ts';
import type { ChargeLine } from '../../src/db/schema-billing.ts';
import { issueInvoiceForCharge } from '../../src/modules/invoices/index.ts';
import { type BillingFactory, billingFactory } from '../helpers/factory-billing.ts';

export const ISSUER = {
  name: '株式会社スピンヤード',
  address: '東京都千代田区丸の内1-1-1',
  registrationNumber: 'T1234567890123',
};

/** A paid charge and its invoice, issued at `issuedAt`: what a renewal leaves behind. */
export function invoiceSeeder(db: Db): BillingFactory & {
  invoice(
    userId: string,
    issuedAt: string,
    input?: { planId?: string; lines?: ChargeLine[]; periodStart?: Date; periodEnd?: Date },
  ): Promise<string>;
} {
  const billing = billingFactory(db);
  return {
    ...billing,
    async invoice(userId, issuedAt, input = {}) {
      const charge = await billing.charge({ userId, ...input });
      const at = new Date(issuedAt);
      const { id } = await db.transaction().execute((trx) => issueInvoiceForCharge(trx, charge, at, ISSUER));
      return id;
    },
  };
}

import type { Db } from '../../src/db/database.ts';

/** Plans as the plans area stores them (test rows; the plans module owns the table in the product). */
export interface PlanInput {
  id: string;
  amount: number;
  interval?: 'day' | 'week' | 'month' | 'year';
  currency?: 'jpy' | 'usd';
  vehicle_limit?: number | null;
  enabled?: boolean;
}

export function billingFactory(db: Db) {
  return {
    async plan(input: PlanInput): Promise<PlanInput> {
      await db
        .insertInto('plans')
        .values({
          id: input.id,
          name: `Plan ${input.id}`,
          amount: input.amount,
          interval: input.interval ?? 'month',
          currency: input.currency ?? 'jpy',
          statement_descriptor: 'SPINYARD',
          vehicle_limit: input.vehicle_limit ?? null,
          enabled: input.enabled ?? true,
        })
        .execute();
      return input;
    },

    /** The charges of a user, oldest first, as numbers. */
    async chargesOf(userId: string) {
      const rows = await db.selectFrom('charges').selectAll().where('user_id', '=', userId).orderBy('id').execute();
      return rows.map((r) => ({ ...r, amount: Number(r.amount), late_fee: Number(r.late_fee), tax: Number(r.tax) }));
    },

    subscriptionOf(userId: string) {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    userRow(userId: string) {
      return db
        .selectFrom('users')
        .select(['status', 'car_limit', 'payment_failed_at', 'service_ends_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },
  };
}

import { type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PlansTable } from '../../db/schema-billing.ts';
import { whereEveryKeyword } from '../sql.ts';

export type PlanRow = Selectable<PlansTable>;
export type PlanRowWithCount = PlanRow & { subscriber_count: number };
export type NewPlanRow = Insertable<PlansTable>;
export type PlanChange = Omit<Updateable<PlansTable>, 'id' | 'created_at' | 'deleted_at'>;

/**
 * A subscription that holds its plan: running on it (active, past due, cancel pending) or a downgrade scheduled to
 * it. The `subscriptions` table is the billing module's; this area only reads it.
 */
const HOLDING_STATUSES = ['active', 'past_due', 'cancel_pending'] as const;

/** SQL of the `plans` table, which only this area writes (apps/server/test/structure/table-owners.test.ts). */
export function plansRepo(db: Db) {
  const subscriberCount = sql<string>`(SELECT count(*) FROM subscriptions s
    WHERE s.status IN (${sql.join(HOLDING_STATUSES)}) AND (s.plan_id = plans.id OR s.scheduled_plan_id = plans.id))`;

  const live = () =>
    db
      .selectFrom('plans')
      .selectAll('plans')
      .select(subscriberCount.as('subscriber_count'))
      .where('plans.deleted_at', 'is', null);

  const withCount = (row: PlanRow & { subscriber_count: string }): PlanRowWithCount => ({
    ...row,
    subscriber_count: Number(row.subscriber_count),
  });

  return {
    /**
     * Plan creation, one at a time: the id is unique ignoring case, which the primary key alone does not hold,
     * so the check and the insert run under one transaction-scoped lock.
     */
    async lockCreation(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('spinyard.plans.create'))`.execute(db);
    },

    /** Any plan whose id equals this one ignoring case, deleted ones included (invoices name plans for ever). */
    async idTaken(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('plans')
        .select('id')
        .where(sql`lower(id)`, '=', id.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(row: NewPlanRow): Promise<void> {
      await db.insertInto('plans').values(row).execute();
    },

    async find(id: string): Promise<PlanRowWithCount | undefined> {
      const row = await live().where('plans.id', '=', id).executeTakeFirst();
      return row && withCount(row);
    },

    /** The live plan under a row lock, so an edit and a delete of one plan do not pass each other's checks. */
    async lock(id: string): Promise<PlanRowWithCount | undefined> {
      const locked = await db
        .selectFrom('plans')
        .select('id')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return undefined;
      // Counted in a statement of its own, after the lock: a statement that waited for the lock still reads with
      // the snapshot it began with, and would miss a contract committed by the share lock's holder meanwhile.
      const row = await live().where('plans.id', '=', id).executeTakeFirst();
      return row && withCount(row);
    },

    async update(id: string, change: PlanChange, now: Date): Promise<void> {
      await db
        .updateTable('plans')
        .set({ ...change, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async softDelete(id: string, now: Date): Promise<void> {
      await db.updateTable('plans').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
    },

    /** Live plans searched by id and name (every keyword), oldest first (the free plan leads), one page. */
    async page(query: { words: string[]; offered: boolean; offset: number; limit: number }) {
      let found = whereEveryKeyword(live(), query.words, ['plans.id', 'plans.name']);
      if (query.offered) found = offeredOnly(found);
      const [rows, total] = await Promise.all([
        found.orderBy('plans.created_at').orderBy('plans.id').offset(query.offset).limit(query.limit).execute(),
        found
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(withCount), total: Number(total.n) };
    },

    /** What /user/plan offers, cheapest first within a currency. */
    async offered(): Promise<PlanRow[]> {
      return offeredOnly(db.selectFrom('plans').selectAll('plans').where('plans.deleted_at', 'is', null))
        .orderBy('plans.currency')
        .orderBy('plans.amount')
        .orderBy('plans.id')
        .execute();
    },
  };
}

/** A plan a customer may pick: enabled, shown and active. */
function offeredOnly<O>(query: SelectQueryBuilder<Database, 'plans', O>): SelectQueryBuilder<Database, 'plans', O> {
  return query.where('plans.enabled', '=', true).where('plans.shown', '=', true).where('plans.status', '=', 'active');
}

export type PlansRepo = ReturnType<typeof plansRepo>;

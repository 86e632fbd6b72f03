import {
  canAddPlan,
  ERROR_CATALOGUE,
  type FieldError,
  FREE_PLAN_ID,
  type OfferedPlansAnswer,
  type PlanAnswer,
  type PlanInput,
  type PlanListQuery,
  type PlanUpdate,
  splitKeywords,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import { enforce, permissionActorOf } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { isUniqueViolation } from '../sql.ts';
import { type PlanChange, type PlanRow, type PlanRowWithCount, type PlansRepo, plansRepo } from './repo.ts';

export interface PlansDeps {
  db: Db;
  clock: Clock;
}

/**
 * Plans (the master's `/plan/list`, `/plan/add`, `/plan/edit/{id}`) and the plans /user/plan offers to anyone.
 * Amounts are whole minor units (packages/domain billing/currency.ts). Rules (docs/decisions.md "Billing: plans"):
 * - the id is unique ignoring case among all plans ever made, deleted ones included: an invoice names its plan for
 *   ever, and `Basic` beside `basic` would read as one plan on a statement;
 * - `free` (migration 0020) is the plan without billing: never deleted, disabled, made inactive or given an amount;
 * - a plan that subscriptions hold (running on it, or a downgrade scheduled to it) keeps what those contracts
 *   agreed: no disabling, no inactive status, no deletion, and no change of amount, currency or interval.
 */
export function plansService({ db, clock }: PlansDeps) {
  const asMaster = async (actor: Actor) => enforce(canAddPlan(await permissionActorOf(db, actor)));

  async function planOrThrow(repo: PlansRepo, id: string, lock: boolean): Promise<PlanRowWithCount> {
    const row = lock ? await repo.lock(id) : await repo.find(id);
    if (!row) throw new AppError('plan_not_found');
    return row;
  }

  return {
    async list(actor: Actor, query: PlanListQuery) {
      await asMaster(actor);
      const { rows, total } = await plansRepo(db).page({
        words: splitKeywords(query.q ?? ''),
        offered: query.offered ?? false,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { items: rows.map(planAnswerOf), total, page: query.page, limit: query.limit };
    },

    async get(actor: Actor, id: string): Promise<PlanAnswer> {
      await asMaster(actor);
      return planAnswerOf(await planOrThrow(plansRepo(db), id, false));
    },

    async create(actor: Actor, body: PlanInput): Promise<PlanAnswer> {
      await asMaster(actor);
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = plansRepo(trx);
          await repo.lockCreation();
          if (await repo.idTaken(body.id)) throw duplicateId();
          await repo.insert(body);
          return planAnswerOf(await planOrThrow(repo, body.id, false));
        });
      } catch (error) {
        // Only a writer that bypassed the lock could get here; still a refusal, never a 500.
        if (isUniqueViolation(error)) throw duplicateId();
        throw error;
      }
    },

    async update(actor: Actor, id: string, body: PlanUpdate): Promise<PlanAnswer> {
      await asMaster(actor);
      return db.transaction().execute(async (trx) => {
        const repo = plansRepo(trx);
        const current = await planOrThrow(repo, id, true);
        const change = changedFields(current, body);
        refuseFreePlanChange(current, change);
        refuseHeldPlanChange(current, change);
        if (Object.keys(change).length > 0) await repo.update(id, change, clock.now());
        return planAnswerOf(await planOrThrow(repo, id, false));
      });
    },

    /** Soft delete: the row stays for the invoices that name it, and its id is never given again. */
    async remove(actor: Actor, id: string): Promise<PlanAnswer> {
      await asMaster(actor);
      return db.transaction().execute(async (trx) => {
        const repo = plansRepo(trx);
        const current = await planOrThrow(repo, id, true);
        if (current.id === FREE_PLAN_ID) throw new AppError('free_plan_fixed');
        if (current.subscriber_count > 0) {
          throw new AppError('plan_has_subscribers', { params: { count: current.subscriber_count } });
        }
        await repo.softDelete(id, clock.now());
        return planAnswerOf(current);
      });
    },

    /** Public: what /user/plan shows before the dealer has an account. */
    async offered(): Promise<OfferedPlansAnswer> {
      const rows = await plansRepo(db).offered();
      return {
        plans: rows.map((row) => ({
          id: row.id,
          name: row.name,
          amount: Number(row.amount),
          interval: row.interval,
          currency: row.currency,
          vehicle_limit: row.vehicle_limit,
        })),
      };
    },
  };
}

export type PlansService = ReturnType<typeof plansService>;

function duplicateId(): AppError {
  const message = ERROR_CATALOGUE.duplicate_plan_id.message;
  return new AppError('duplicate_plan_id', { fields: [fieldError('id', 'duplicate_plan_id', message)] });
}

/** Only the fields whose value differs: a form sent again unchanged is no change, and asks no rule. */
function changedFields(current: PlanRow, body: PlanUpdate): PlanChange {
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const was = key === 'amount' ? Number(current.amount) : current[key as keyof PlanRow];
    if (value !== was) change[key] = value;
  }
  return change as PlanChange;
}

function refuseFreePlanChange(current: PlanRow, change: PlanChange): void {
  if (current.id !== FREE_PLAN_ID) return;
  const fields: FieldError[] = [];
  const message = ERROR_CATALOGUE.free_plan_fixed.message;
  if (change.amount !== undefined && Number(change.amount) !== 0)
    fields.push(fieldError('amount', 'free_plan_fixed', message));
  if (change.enabled === false) fields.push(fieldError('enabled', 'free_plan_fixed', message));
  if (change.status === 'inactive') fields.push(fieldError('status', 'free_plan_fixed', message));
  if (fields.length > 0) throw new AppError('free_plan_fixed', { fields });
}

/** What a running contract agreed to (price, currency, period) and what keeps it open (enabled, active). */
function refuseHeldPlanChange(current: PlanRowWithCount, change: PlanChange): void {
  if (current.subscriber_count === 0) return;
  const refused = [
    change.amount !== undefined && 'amount',
    change.currency !== undefined && 'currency',
    change.interval !== undefined && 'interval',
    change.enabled === false && 'enabled',
    change.status === 'inactive' && 'status',
  ].filter((field): field is string => field !== false);
  if (refused.length === 0) return;
  const message = ERROR_CATALOGUE.plan_has_subscribers.message;
  throw new AppError('plan_has_subscribers', {
    fields: refused.map((field) => fieldError(field, 'plan_has_subscribers', message)),
    params: { count: current.subscriber_count },
  });
}

export function planAnswerOf(row: PlanRowWithCount): PlanAnswer {
  return {
    id: row.id,
    name: row.name,
    amount: Number(row.amount),
    interval: row.interval,
    currency: row.currency,
    statement_descriptor: row.statement_descriptor,
    vehicle_limit: row.vehicle_limit,
    status: row.status,
    enabled: row.enabled,
    shown: row.shown,
    subscriber_count: row.subscriber_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

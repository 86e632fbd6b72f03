import { type FieldError, FREE_PLAN_ID, type PlanAnswer } from '@spinyard/domain';
import { fieldMessage } from '../../forms/formErrors.ts';
import { i18n } from '../../i18n/i18n.ts';

/** The plan form's fields in the order it shows them: a refusal focuses the first of these it names. */
export const PLAN_FIELDS = [
  'id',
  'name',
  'currency',
  'amount',
  'interval',
  'vehicle_limit',
  'statement_descriptor',
  'status',
  'enabled',
  'shown',
] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];

/** The i18n key of each field's label: refusals name the field as the form labels it. */
export const PLAN_NAME_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  PLAN_FIELDS.map((field) => [field, `billingPlans.fields.${field}`]),
);

/**
 * A refused plan field in the user's language. The server names a rule of the plan itself (a taken id, a plan
 * held by subscribers, the free plan) by its error code: that code's own sentence says more than a field rule.
 */
export function planFieldText(error: FieldError): string {
  const code = `errors.${error.rule}`;
  if (i18n.exists(code)) return i18n.t(code);
  return fieldMessage(error, PLAN_NAME_KEYS[error.field]);
}

/** Fields a plan's running contracts (or its being the free plan) fix: the form shows them read-only. */
export function lockedPlanFields(plan: PlanAnswer | undefined): ReadonlySet<PlanField> {
  if (!plan) return new Set();
  const locked = new Set<PlanField>();
  if (plan.subscriber_count > 0)
    for (const f of ['amount', 'currency', 'interval', 'status', 'enabled'] as const) locked.add(f);
  if (plan.id === FREE_PLAN_ID) for (const f of ['amount', 'status', 'enabled'] as const) locked.add(f);
  return locked;
}

import { z } from 'zod';
import { PLAN_FORM_CURRENCIES } from '../constants.ts';
import { PLAN_AMOUNT_MAX, type PlanAnswer, type PlanInput, planBody } from '../schemas/billing.ts';
import { FIELD_RULE_MESSAGES, type FieldRule, ruleParams } from '../schemas/field-errors.ts';
import { CAR_LIMIT_BOUNDS } from '../schemas/users.ts';
import { majorToMinor, minorToMajorText } from './currency.ts';

/**
 * The plan form (/plan/add, /plan/edit/{id}): the API's plan body, but the amount typed as people think of it
 * (1,000 yen; 9.99 dollars) and the vehicle limit as text (empty: unlimited). It reads into exactly what the API
 * takes (whole minor units, a number or null), and refuses on the field: a negative amount, a fractional yen or
 * won, more decimals than the currency has, more than the plan maximum.
 */
export const planFormSchema = planBody
  .extend({ amount: z.string(), vehicle_limit: z.string() })
  .superRefine(
    (values, ctx) => {
      // An unknown currency is refused on its own field; the amount is then read with the most decimals offered.
      const known = (PLAN_FORM_CURRENCIES as readonly string[]).includes(values.currency);
      const amount = majorToMinor(textOf(values.amount), known ? values.currency : 'usd', PLAN_AMOUNT_MAX);
      if (!amount.ok) ctx.addIssue(ruleAt('amount', amount.rule));
      const limit = vehicleLimitOf(textOf(values.vehicle_limit));
      if (typeof limit === 'string') ctx.addIssue(ruleAt('vehicle_limit', limit));
    },
    // Also when other fields were refused (zod skips a refinement then), so every wrong field is named at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((values): PlanInput => {
    const amount = majorToMinor(values.amount, values.currency, PLAN_AMOUNT_MAX);
    const limit = vehicleLimitOf(values.vehicle_limit);
    // Both were accepted by the refinement above, which runs first.
    return { ...values, amount: amount.ok ? amount.minor : 0, vehicle_limit: typeof limit === 'string' ? null : limit };
  });

/** A field's text as the form holds it (anything else is refused on that field's own type). */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function ruleAt(field: string, rule: FieldRule) {
  return { code: 'custom' as const, path: [field], message: FIELD_RULE_MESSAGES[rule], params: ruleParams(rule) };
}
export type PlanFormValues = z.input<typeof planFormSchema>;

function vehicleLimitOf(text: string): number | null | 'integer' | 'range' {
  const typed = text.normalize('NFKC').replace(/[\s,]/g, '');
  if (typed === '') return null;
  if (!/^\d+$/.test(typed)) return 'integer';
  const limit = Number(typed);
  return limit > CAR_LIMIT_BOUNDS.max ? 'range' : limit;
}

/** A new plan's form: a monthly yen plan, offered at once. */
export const NEW_PLAN_VALUES: PlanFormValues = {
  id: '',
  name: '',
  amount: '',
  interval: 'month',
  currency: 'jpy',
  statement_descriptor: '',
  vehicle_limit: '',
  status: 'active',
  enabled: true,
  shown: true,
};

/** A stored plan as its edit form shows it. */
export function planFormValuesOf(plan: PlanAnswer): PlanFormValues {
  return {
    id: plan.id,
    name: plan.name,
    amount: minorToMajorText(plan.amount, plan.currency),
    interval: plan.interval,
    currency: plan.currency,
    statement_descriptor: plan.statement_descriptor,
    vehicle_limit: plan.vehicle_limit === null ? '' : String(plan.vehicle_limit),
    status: plan.status,
    enabled: plan.enabled,
    shown: plan.shown,
  };
}

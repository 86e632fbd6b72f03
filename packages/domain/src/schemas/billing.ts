import { z } from 'zod';
import { PLAN_FORM_CURRENCIES, PLAN_INTERVALS } from '../constants.ts';
import { idSchema } from './common.ts';
import { ruleIssue } from './field-errors.ts';
import { pageOf, pageQuery, searchText } from './lists.ts';
import { carLimitSchema, userText } from './users.ts';

/**
 * The billing contract (second document, section 7 "Billing API", and `/usage-quota`): plans, cards,
 * subscriptions, invoices, customers. Every amount is a whole number of the currency's minor unit (yen for jpy and
 * krw's won, cents for usd, eur and cny), as the card gateways count them; `currencyMinorDigits` in
 * `billing/currency.ts` tells how to show one. Times are ISO 8601 instants.
 */

// ---- Plans (master) -------------------------------------------------------------------------------------------

export const PLAN_ID_MAX_LENGTH = 32;
/** Whole minor units; large enough for a yearly plan in won, small enough to stay an exact JavaScript number. */
export const PLAN_AMOUNT_MAX = 99_999_999;
/** Card statements print at most 22 characters (both gateways' limit). */
export const STATEMENT_DESCRIPTOR_MAX_LENGTH = 22;
export const PLAN_STATUSES = ['active', 'inactive'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const planIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(PLAN_ID_MAX_LENGTH)
  // A refinement, not .regex: zod's regex issue does not carry the rule, which the console translates by.
  .refine(
    (id) => /^[A-Za-z0-9]+$/.test(id),
    ruleIssue('alphanumeric', 'A plan ID is made of half-width letters and digits only.'),
  );

export const planBody = z
  .object({
    id: planIdSchema,
    name: userText().min(1),
    amount: z.int().min(0).max(PLAN_AMOUNT_MAX),
    interval: z.enum(PLAN_INTERVALS),
    currency: z.enum(PLAN_FORM_CURRENCIES),
    statement_descriptor: z
      .string()
      .trim()
      .max(STATEMENT_DESCRIPTOR_MAX_LENGTH)
      // What card networks print: Latin letters, digits and a few signs; never < > \ ' " *.
      .refine((text) => /^[A-Za-z0-9 .,\-&/#()+]*$/.test(text), ruleIssue('ascii_only')),
    /** The account's vehicle limit while on this plan; null is unlimited. */
    vehicle_limit: carLimitSchema,
    status: z.enum(PLAN_STATUSES),
    /** Can be subscribed to. */
    enabled: z.boolean(),
    /** Offered on /user/plan. */
    shown: z.boolean(),
  })
  .strict();
export type PlanInput = z.output<typeof planBody>;
export type PlanBody = z.input<typeof planBody>;

export const planUpdateBody = planBody.omit({ id: true }).partial().strict();
export type PlanUpdate = z.output<typeof planUpdateBody>;

export const planAnswer = planBody.extend({
  id: z.string(),
  /** Accounts on this plan now (active, past due or cancel pending): a plan with any cannot be disabled or deleted. */
  subscriber_count: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanAnswer = z.output<typeof planAnswer>;

export const planListQuery = pageQuery.extend({
  q: searchText.optional(),
  /** Only plans a customer may pick (enabled, shown, active): what /user/plan lists. */
  offered: z.stringbool().optional(),
});
export type PlanListQuery = z.output<typeof planListQuery>;
export const planListAnswer = pageOf(planAnswer);

/** `/v1/plan/{id}`: the id's own rules, so `../`, symbols and over-long ids are 422 on `id`, never a lookup. */
export const planParams = z.object({ id: planIdSchema });

/**
 * One plan as /user/plan offers it to someone without an account (the public `GET /v1/plans/offered`): what a
 * dealer chooses by, nothing of the operator's (no subscriber count, no statement descriptor).
 */
export const offeredPlan = planBody.pick({
  id: true,
  name: true,
  amount: true,
  interval: true,
  currency: true,
  vehicle_limit: true,
});
export type OfferedPlan = z.output<typeof offeredPlan>;
export const offeredPlansAnswer = z.object({ plans: z.array(offeredPlan.extend({ id: z.string() })) });
export type OfferedPlansAnswer = z.output<typeof offeredPlansAnswer>;

// ---- Cards ------------------------------------------------------------------------------------------------------

/** GET /card-token: what the browser needs to turn a card into a token with the gateway's own script. */
export const cardTokenAnswer = z.object({
  gateway: z.enum(['local', 'stripe', 'payjp']),
  publishable_key: z.string().nullable(),
});
export type CardTokenAnswer = z.output<typeof cardTokenAnswer>;

/** POST /credit-cards: a token made in the browser (never a card number). */
export const cardCreateBody = z.object({ token: z.string().trim().min(1).max(4096) }).strict();
export type CardCreateBody = z.input<typeof cardCreateBody>;

export const cardAnswer = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
  /** The card renewals are charged to. */
  is_default: z.boolean(),
  /** Expires before the next renewal: the dealer is told to update it. */
  expires_before_renewal: z.boolean(),
});
export type CardAnswer = z.output<typeof cardAnswer>;
export const cardListAnswer = z.object({ cards: z.array(cardAnswer) });

// ---- Subscriptions ----------------------------------------------------------------------------------------------

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancel_pending', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** POST /subscription: start, upgrade or downgrade. */
export const subscribeBody = z
  .object({
    plan_id: planIdSchema,
    /** Made once per press of the button in the browser: a double click or a resent request never charges twice. */
    request_id: z.uuid(),
  })
  .strict();
export type SubscribeBody = z.input<typeof subscribeBody>;

export const PAYMENT_STATES = ['paid', 'requires_action', 'failed', 'none'] as const;

/**
 * A start whose first payment waits on its 3-D Secure challenge is `incomplete` in the answer (no contract row yet;
 * its id is empty): it becomes active when the challenge is answered (POST /subscription/confirm or the webhook).
 */
export const SUBSCRIPTION_ANSWER_STATUSES = [...SUBSCRIPTION_STATUSES, 'incomplete'] as const;

export const subscriptionAnswer = z.object({
  id: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), interval: z.enum(PLAN_INTERVALS) }),
  status: z.enum(SUBSCRIPTION_ANSWER_STATUSES),
  currency: z.enum(PLAN_FORM_CURRENCIES),
  total_without_tax: z.int(),
  tax: z.int(),
  total_with_tax: z.int(),
  current_period_start: z.string(),
  /** The next renewal; null once cancelled or expired. */
  next_billing_at: z.string().nullable(),
  /** When the service ends (a cancelled contract's term end); null while it renews. */
  end_date: z.string().nullable(),
  vehicle_limit: z.int().nullable(),
  /** A downgrade waiting for the period's end. */
  scheduled_plan: z.object({ id: z.string(), name: z.string(), from: z.string() }).nullable(),
  /** The payment this call made or the one still open: a 3-D Secure challenge to answer, or the card error. */
  payment: z.object({
    state: z.enum(PAYMENT_STATES),
    challenge_url: z.string().nullable(),
    error: z.string().nullable(),
    /** Unpaid total including late fees. */
    open_amount: z.int(),
  }),
});
export type SubscriptionAnswer = z.output<typeof subscriptionAnswer>;

/**
 * GET /subscription/cancel/preview and GET /superusers/cancel/{id}/preview: what a cancellation made now would mean,
 * computed by the function the cancellation itself uses, so /contract/cancel/conf can say it before the dealer
 * confirms. `charges` are the renewals still charged by card before the end (null: the contract is not charged by
 * card here, as a super user's).
 */
export const cancellationPreviewAnswer = z.object({
  service_ends_at: z.string(),
  charges: z
    .array(
      z.object({
        charged_at: z.string(),
        plan_name: z.string(),
        currency: z.enum(PLAN_FORM_CURRENCIES),
        total_with_tax: z.int(),
      }),
    )
    .nullable(),
});
export type CancellationPreviewAnswer = z.output<typeof cancellationPreviewAnswer>;

/** The webhook's acknowledgement: `duplicate` when the notice was received before (a replay changes nothing). */
export const webhookAnswer = z.object({ received: z.boolean(), duplicate: z.boolean() });

// ---- Invoices and customers -------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ['paid', 'open', 'void'] as const;

export const invoiceListQuery = pageQuery.extend({
  /** Master: one customer's invoices. */
  user_id: idSchema.optional(),
  /** Issued from this month (YYYY-MM) ... */
  from: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, ruleIssue('format', 'A month is written YYYY-MM.'))
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, ruleIssue('format', 'A month is written YYYY-MM.'))
    .optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoiceSummary = z.object({
  id: z.string(),
  /** Numbered without gaps across all invoices. */
  number: z.string(),
  issued_at: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  currency: z.enum(PLAN_FORM_CURRENCIES),
  total_without_tax: z.int(),
  tax: z.int(),
  total_with_tax: z.int(),
  status: z.enum(INVOICE_STATUSES),
  /** The customer's plan identifier when issued; `free` is the plan without charge. */
  plan_id: z.string(),
  /** The plan's name when issued (docs/decisions.md); its id when no name is known. */
  plan_name: z.string(),
  customer: z.object({ user_id: z.string(), name: z.string(), company_name: z.string() }),
});
export type InvoiceSummary = z.output<typeof invoiceSummary>;
export const invoiceListAnswer = pageOf(invoiceSummary);

/**
 * What a line is beside its description, said in the reader's language when shown (the description is the plan's
 * name as the master wrote it): the new plan's rest of the period and the old plan's unused part of an upgrade, the
 * late-payment interest.
 */
export const INVOICE_LINE_NOTES = ['rest_of_period', 'unused_part', 'late_fee'] as const;
export type InvoiceLineNote = (typeof INVOICE_LINE_NOTES)[number];

export const invoiceLine = z.object({
  description: z.string(),
  note: z.enum(INVOICE_LINE_NOTES).optional(),
  quantity: z.int(),
  unit_amount: z.int(),
  amount: z.int(),
  /** Tax rate as a fraction (0.1); 0 for lines outside consumption tax (a late fee is interest). */
  tax_rate: z.number(),
});
export type InvoiceLine = z.output<typeof invoiceLine>;

export const invoiceDetailAnswer = invoiceSummary.extend({
  issuer: z.object({ name: z.string(), registration_number: z.string(), address: z.string() }),
  lines: z.array(invoiceLine),
  /** The qualified-invoice totals: per tax rate, the taxable total and its tax, rounded once per rate. */
  tax_by_rate: z.array(z.object({ rate: z.number(), taxable: z.int(), tax: z.int() })),
  /** The sum of the lines outside consumption tax (late-payment interest), shown as their own group. */
  outside_tax: z.int(),
});
export type InvoiceDetailAnswer = z.output<typeof invoiceDetailAnswer>;

export const customerListQuery = pageQuery.extend({
  q: searchText.optional(),
  /** Only customers behind on payment. */
  overdue: z.stringbool().optional(),
});
export const customerAnswer = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  company_name: z.string(),
  plan_id: z.string(),
  /** The contract's plan's name now (its id when the plan is gone). */
  plan_name: z.string(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  is_payment: z.boolean(),
  open_amount: z.int(),
  currency: z.enum(PLAN_FORM_CURRENCIES).nullable(),
  next_billing_at: z.string().nullable(),
});
export type CustomerAnswer = z.output<typeof customerAnswer>;
export const customerListAnswer = pageOf(customerAnswer);

// ---- Usage quota --------------------------------------------------------------------------------------------------

export const usageQuotaAnswer = z.object({
  plan_id: z.string(),
  vehicles_used: z.int(),
  /** null is unlimited. */
  vehicle_limit: z.int().nullable(),
});
export type UsageQuotaAnswer = z.output<typeof usageQuotaAnswer>;

// ---- Sign-up purchase (/user/plan -> /user/payment -> /user/entry) -----------------------------------------------

/**
 * The purchase sent with a self-registration: the plan picked on /user/plan and, for a paid plan, the card token
 * made in the browser on /user/payment. The request id is made once per press, as for POST /subscription.
 */
export const signupPurchaseBody = z
  .object({
    plan_id: planIdSchema,
    card_token: z.string().trim().min(1).max(4096).optional(),
    request_id: z.uuid(),
  })
  .strict();
export type SignupPurchase = z.output<typeof signupPurchaseBody>;

/** What the registration's purchase did: paid (the account is active), or a 3-D Secure challenge to answer. */
export const signupPurchaseAnswer = z.object({
  state: z.enum(PAYMENT_STATES),
  challenge_url: z.string().nullable(),
  vehicle_limit: z.int().nullable(),
  /**
   * With a challenge to answer: the sign-in held until the dealer is back from the issuer's page (the console
   * keeps it in the tab and sends it to POST /superusers-create/confirm; it ends after `expires_in` seconds).
   */
  sign_in_hold: z.object({ token: z.string(), expires_in: z.int() }).optional(),
});

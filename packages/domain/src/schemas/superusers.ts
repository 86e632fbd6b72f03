import { z } from 'zod';
import { USER_STATUSES } from '../roles.ts';
import { emailSchema, passwordSchema } from './account.ts';
import { signupPurchaseAnswer, signupPurchaseBody } from './billing.ts';
import { idSchema } from './common.ts';
import { pageQuery, searchText } from './lists.ts';
import { phoneSchema } from './phone.ts';
import { carLimitSchema, contactFields, loginLimitSchema, USER_SORTS, userAnswer, userText } from './users.ts';

/**
 * Super users (`/v1/superusers...`): master's management of a domain's account holders, the contract
 * cancellation, and the self-registration of `/user/entry` (`/v1/superusers-create`).
 */

export const superuserListQuery = pageQuery.extend({
  q: searchText.optional(),
  sort: z.enum(USER_SORTS).default('created_desc'),
  status: z.enum(USER_STATUSES).optional(),
  domain_id: idSchema.optional(),
});
export type SuperuserListQuery = z.output<typeof superuserListQuery>;
/** The query string as the console sends it. */
export type SuperuserListParams = z.input<typeof superuserListQuery>;

export const superuserCreateBody = z
  .object({
    domain_id: idSchema,
    email: emailSchema,
    /** Optional initial password; without one the super user sets theirs by password reset after activation. */
    password: passwordSchema.optional(),
    name: userText().min(1),
    first_name: userText().optional(),
    last_name: userText().optional(),
    display_name: userText().optional(),
    /** A headquarters of the domain; when absent, the domain's first headquarters (created when there is none). */
    company_id: idSchema.optional(),
    /** Name of the headquarters created when the domain has none (default: the domain's service name). */
    company_name: userText().min(1).optional(),
    phone: phoneSchema.optional(),
    car_limit: carLimitSchema.optional(),
    is_pay_by_credit: z.boolean().optional(),
  })
  .strict();
export type SuperuserCreate = z.output<typeof superuserCreateBody>;
export type SuperuserCreateBody = z.input<typeof superuserCreateBody>;

export const superuserCreatedAnswer = z.object({ user: userAnswer, activation_mail_sent: z.boolean() });
export type SuperuserCreatedAnswer = z.output<typeof superuserCreatedAnswer>;

export const superuserUpdateBody = z
  .object({
    email: emailSchema.optional(),
    name: userText().min(1).optional(),
    ...contactFields,
    /** Master only. */
    car_limit: carLimitSchema.optional(),
    /** Master only. */
    is_pay_by_credit: z.boolean().optional(),
    /** Master only. */
    login_limit_count: loginLimitSchema.optional(),
    /** Master only: forces the second sign-in step. */
    two_step_forced: z.boolean().optional(),
  })
  .strict();
export type SuperuserUpdate = z.output<typeof superuserUpdateBody>;
export type SuperuserUpdateBody = z.input<typeof superuserUpdateBody>;

export const cancelBody = z.object({ accept_terms: z.boolean() }).strict();

export const superuserContact = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  display_name: z.string(),
  status: z.enum(USER_STATUSES),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type SuperuserContact = z.output<typeof superuserContact>;

export const registrationBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: userText().min(1),
    first_name: userText().optional(),
    last_name: userText().optional(),
    company_name: userText().min(1),
    phone: phoneSchema.optional(),
    accept_terms: z.boolean(),
    /** The terms version the page showed (schemas/legal.ts); a newer one published meanwhile is shown first. */
    terms_version: z.int().min(0).max(1_000_000).optional(),
    // Billing: screens (issue 19): the plan and card chosen before the form, bought with the account.
    purchase: signupPurchaseBody.optional(),
  })
  .strict();
export type Registration = z.output<typeof registrationBody>;
export type RegistrationBody = z.input<typeof registrationBody>;

export const registrationAnswer = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  activation_mail_sent: z.boolean(),
  purchase: signupPurchaseAnswer.optional(),
});
export type RegistrationAnswer = z.output<typeof registrationAnswer>;

/**
 * POST /superusers-create/confirm: back from the 3-D Secure page, the registration's sign-in hold. `give_up`: the
 * dealer stops waiting for a check they cannot answer (another card): the registration is taken back now, its
 * payment cancelled at the gateway, unless it went through meanwhile.
 */
export const firstPaymentConfirmBody = z
  .object({ hold_token: z.string().trim().min(1).max(200), give_up: z.boolean().optional() })
  .strict();
export type FirstPaymentConfirmBody = z.output<typeof firstPaymentConfirmBody>;

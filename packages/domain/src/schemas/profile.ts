import { z } from 'zod';
import { CONTENT_STYLES, hostFlagSchema } from './domain.ts';
import { phoneSchema } from './phone.ts';
import { USER_TEXT_MAX_LENGTH, userNameFields, userRoleFields } from './users.ts';

/**
 * The signed-in user's own account: who they are (`GET /v1/profile`, read by every screen), what they change
 * themself (`/v1/profile...`: names and phone, password, sign-in e-mail, two-step setting), and the account
 * settings the layout reads (`/v1/payment-status`, `/v1/contents-service`).
 */

// ---- Who is signed in -------------------------------------------------------------------------------------

export const profileAnswer = z.object({
  user: z.object({
    ...userNameFields,
    ...userRoleFields,
    company_section: z.string(),
    is_pay_by_credit: z.boolean(),
    two_step_auth: z.boolean(),
    last_login_at: z.string().nullable(),
    /** When a cancelled contract's service ends (the end of a term at least a month after the cancellation). */
    service_ends_at: z.string().nullable().describe('When a cancelled contract’s service ends; null otherwise.'),
  }),
  /** Joined to the listing site (image-system user cs_join). */
  cs_joined: z.boolean(),
  domain: z.object({
    host: z.string(),
    company_code: z.string(),
    service_name: z.string(),
    host_flags: z.array(hostFlagSchema),
    /** Whether this is the product's own domain (decides "product-branded user"). */
    is_product_domain: z.boolean(),
    /** The options the menus and screens of every user depend on. */
    options: z.object({
      option_data: z.boolean(),
      web_negotiation: z.boolean(),
      hotspot_browser: z.boolean(),
      hotspot_app: z.boolean(),
      is_user_add: z.boolean(),
      online_payment: z.boolean(),
      /** Whether buyers' pages may load a vehicle's analytics tag: the wizard offers the tag only with it on. */
      analytics_tag: z.boolean(),
      content_style: z.enum(CONTENT_STYLES),
    }),
  }),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ProfileAnswer = z.output<typeof profileAnswer>;

export const paymentStatusAnswer = z.object({ is_payment: z.boolean() });
export type PaymentStatusAnswer = z.output<typeof paymentStatusAnswer>;

export const contentsServiceAnswer = z.object({
  is_pay_by_credit: z.boolean(),
  web_negotiation: z.boolean(),
  web_negotiation_max_time: z.number().int(),
  web_negotiation_limit_interval: z.enum(['year', 'month', 'week', 'day']),
  exterior_develop_view: z.boolean(),
  option_data: z.boolean(),
  is_user_add: z.boolean(),
});
export type ContentsServiceAnswer = z.output<typeof contentsServiceAnswer>;

// ---- What the user changes themself -----------------------------------------------------------------------

/** Our bound for names (the spec gives none), the same as the users area's. */
const nameText = (label: string) =>
  z
    .string()
    .trim()
    .max(USER_TEXT_MAX_LENGTH, { error: `${label} must have at most ${USER_TEXT_MAX_LENGTH} characters.` });

/** What a user may change about themself; each field optional, an unknown one refused. */
export const profileUpdateBody = z
  .object({
    name: nameText('The name').min(1, { error: 'Enter your name.' }).optional(),
    first_name: nameText('The first name').optional(),
    last_name: nameText('The last name').optional(),
    display_name: nameText('The displayed name').optional(),
    /** Empty removes the number (and with it the SMS codes). */
    phone: phoneSchema.optional(),
  })
  .strict();
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

/** The answer of a change of names or phone: the user as they now are. */
export const profileUpdatedAnswer = z.object({
  user: z.object({
    ...userNameFields,
    phone: z.string(),
    two_step_auth: z.boolean(),
  }),
});
export type ProfileUpdatedAnswer = z.output<typeof profileUpdatedAnswer>;

export const passwordChangedAnswer = z.object({ changed: z.literal(true) });

export const emailChangeRequestedAnswer = z.object({ status: z.literal('confirmation_sent'), new_email: z.string() });
export type EmailChangeRequestedAnswer = z.output<typeof emailChangeRequestedAnswer>;

export const emailConfirmedAnswer = z.object({ email: z.string() });
export type EmailConfirmedAnswer = z.output<typeof emailConfirmedAnswer>;

export const CODE_DELIVERIES = ['mail', 'sms'] as const;
export type CodeDelivery = (typeof CODE_DELIVERIES)[number];

export const twoStepAnswer = z.object({
  enabled: z.boolean().describe("The user's own two-step flag."),
  enforced: z.boolean().describe('The domain requires two-step for everyone: it cannot be turned off.'),
  available: z.boolean().describe('The domain offers two-step: it can be turned on.'),
  required: z.boolean().describe('Whether the next sign-in asks for a code.'),
  delivery: z.array(z.enum(CODE_DELIVERIES)).describe('Where codes are sent.'),
});
export type TwoStepAnswer = z.output<typeof twoStepAnswer>;

export const twoStepBody = z.object({
  // Forms send text: "true"/"false" (and 1/0) are read as booleans.
  enabled: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
});
export type TwoStepBody = z.input<typeof twoStepBody>;

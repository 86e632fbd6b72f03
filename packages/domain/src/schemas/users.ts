import { z } from 'zod';
import { PRIVILEGE_TYPES, USER_STATUSES } from '../roles.ts';
import { emailSchema, passwordSchema } from './account.ts';
import { idSchema } from './common.ts';
import { type FieldRule, ruleIssue } from './field-errors.ts';
import { pageOf, pageQuery, searchText } from './lists.ts';
import { phoneSchema } from './phone.ts';

/**
 * The users area's contract (`/v1/subordinates...`, `/v1/users`, `/v1/privilege-type-change`): what the server
 * validates and documents, and what the console types its calls and checks its forms with. Bounds the spec does
 * not give are ours (docs/decisions.md): names and texts up to 100 characters, codes up to 50 printable ASCII
 * characters, vehicle limits 0..1,000,000, sign-in limits 1..100.
 */

export const USER_TEXT_MAX_LENGTH = 100;
export const CAR_LIMIT_BOUNDS = { min: 0, max: 1_000_000 } as const;
export const LOGIN_LIMIT_BOUNDS = { min: 1, max: 100 } as const;

export const userText = (max = USER_TEXT_MAX_LENGTH) => z.string().trim().max(max);
export const userCode = z
  .string()
  .trim()
  .max(50)
  .regex(/^[\x20-\x7e]*$/, 'Use half-width letters, digits and symbols.');
/** A user's aliases: up to 10 distinct codes; on the bike-site host the first is the shop code. */
export const usernameAliasSchema = z
  .array(userCode.min(1))
  .max(10)
  .refine((names) => new Set(names).size === names.length, ruleIssue('no_duplicates', 'An alias is listed twice.'));
/** A vehicle limit; null is unlimited. */
export const carLimitSchema = z.int().min(CAR_LIMIT_BOUNDS.min).max(CAR_LIMIT_BOUNDS.max).nullable();
/** A simultaneous sign-in limit; null is none. */
export const loginLimitSchema = z.int().min(LOGIN_LIMIT_BOUNDS.min).max(LOGIN_LIMIT_BOUNDS.max).nullable();
/** An admin named by e-mail address or login code. */
export const adminCodeSchema = z.string().trim().min(1).max(254);

/** The roles an add or edit screen chooses between (master and super are made elsewhere). */
export const STAFF_PRIVILEGE_TYPES = ['admin', 'normal'] as const;
export type StaffPrivilegeType = (typeof STAFF_PRIVILEGE_TYPES)[number];

// ---- Lists ----------------------------------------------------------------------------------------------------

export const USER_SORTS = [
  'created_desc',
  'created_asc',
  'updated_desc',
  'updated_asc',
  'name_asc',
  'name_desc',
  'email_asc',
  'email_desc',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

export function isUserSort(value: string): value is UserSort {
  return (USER_SORTS as readonly string[]).includes(value);
}

export const userListQuery = pageQuery.extend({
  q: searchText.optional(),
  sort: z.enum(USER_SORTS).default('created_desc'),
  privilege_type: z.enum(STAFF_PRIVILEGE_TYPES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  parent_user_id: idSchema.optional(),
  group_id: idSchema.optional(),
  /** Master only: one tenant's users. */
  domain_id: idSchema.optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;
/** The query string as the console sends it. */
export type UserListParams = z.input<typeof userListQuery>;

export const usersQuery = pageQuery.extend({
  same_privileges: z.enum(['0', '1', 'true', 'false']).optional(),
  q: searchText.optional(),
});

// ---- Answers --------------------------------------------------------------------------------------------------

/** Who a user is, as every answer about a user (the users area's and the profile's) names them. */
export const userNameFields = {
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
};

/** A user's role and state, as the answers carry them. */
export const userRoleFields = {
  privilege_type: z.enum(PRIVILEGE_TYPES),
  status: z.enum(USER_STATUSES),
};

export const userAnswer = z.object({
  ...userNameFields,
  ...userRoleFields,
  domain_id: z.string(),
  domain_host: z.string(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  parent_user_id: z.string().nullable(),
  parent_name: z.string().nullable(),
  parent_email: z.string().nullable(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  company_section: z.string(),
  phone: z.string(),
  car_limit: z.number().int().nullable(),
  login_code: z.string(),
  /** On the bike-site host, the first username alias (packages/domain/src/hosts.ts, shopCodeOnHost). */
  shop_code: z.string(),
  /** The user's other sign-in names (first document section 3: a list of user_name). */
  username_alias: z.array(z.string()),
  corporation_code: z.string(),
  store_name: z.string(),
  department: z.string(),
  job_number: z.string(),
  authorizer_job_number: z.string(),
  is_pay_by_credit: z.boolean(),
  two_step_auth: z.boolean(),
  /** The second sign-in step forced on this user by whoever manages them. */
  two_step_forced: z.boolean(),
  login_limit_count: z.number().int().nullable(),
  last_login_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserAnswer = z.output<typeof userAnswer>;

export const userPage = pageOf(userAnswer);

/** The short form for pickers (parents, transfer recipients): nothing a colleague should not see. */
export const userSummary = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  display_name: z.string(),
  ...userRoleFields,
  parent_user_id: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type UserSummary = z.output<typeof userSummary>;

export const userSummaryPage = pageOf(userSummary);

// ---- Subordinates ---------------------------------------------------------------------------------------------

/** Names and contact of any user, super users included; all optional. */
export const contactFields = {
  first_name: userText().optional(),
  last_name: userText().optional(),
  display_name: userText().optional(),
  company_section: userText().optional(),
  phone: phoneSchema.optional(),
};

/** Fields of a staff member that the add and edit screens share; all optional. */
const staffFields = {
  ...contactFields,
  car_limit: carLimitSchema.optional(),
  login_code: userCode.optional(),
  shop_code: userCode.optional(),
  username_alias: usernameAliasSchema.optional(),
  corporation_code: userCode.optional(),
  store_name: userText().optional(),
  department: userText().optional(),
  job_number: userCode.optional(),
  authorizer_job_number: userCode.optional(),
  /** Forces the second sign-in step on this user; they cannot turn it off themself. */
  two_step_forced: z.boolean().optional(),
  login_limit_count: loginLimitSchema.optional(),
  /** A company (headquarters or branch) of the user's domain. */
  company_id: idSchema.optional(),
};

export const subordinateCreateBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    privilege_type: z.enum(STAFF_PRIVILEGE_TYPES),
    name: userText().min(1),
    /** The admin a normal user belongs to; or name them by admin_code. */
    parent_user_id: idSchema.nullable().optional(),
    /** The parent admin's e-mail address or login code. */
    admin_code: adminCodeSchema.optional(),
    /** Master only: the domain of a new admin (a normal user is always in their parent's domain). */
    domain_id: idSchema.optional(),
    ...staffFields,
  })
  .strict();
export type SubordinateCreate = z.output<typeof subordinateCreateBody>;
export type SubordinateCreateBody = z.input<typeof subordinateCreateBody>;

/**
 * What `POST /v1/subordinates/{id}` refuses when `id` is the caller's own (issue 18), and the rule it names: the
 * password, the sign-in e-mail and the two-step setting change only on the account page, where the current
 * password is asked, the new address confirmed by mail and the other sessions ended; the limits, the parent and
 * the company are whoever manages the account's to set. Every role, master included.
 */
export const OWN_ACCOUNT_REFUSED = {
  password: 'own_account_page',
  email: 'own_account_page',
  two_step_forced: 'own_account_page',
  car_limit: 'set_by_manager',
  login_limit_count: 'set_by_manager',
  parent_user_id: 'set_by_manager',
  admin_code: 'set_by_manager',
  company_id: 'set_by_manager',
} as const satisfies Partial<Record<keyof SubordinateUpdate, FieldRule>>;

export const subordinateUpdateBody = z
  .object({
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    name: userText().min(1).optional(),
    /** Move a normal user under another admin of the domain. */
    parent_user_id: idSchema.optional(),
    admin_code: adminCodeSchema.optional(),
    ...staffFields,
  })
  .strict();
export type SubordinateUpdate = z.output<typeof subordinateUpdateBody>;
export type SubordinateUpdateBody = z.input<typeof subordinateUpdateBody>;

export const userStatusBody = z.object({ status: z.enum(['active', 'inactive']) }).strict();
export type UserStatusBody = z.input<typeof userStatusBody>;

export const bulkDeleteBody = z
  .object({
    ids: z
      .array(idSchema)
      .min(1)
      .max(300)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'An id is listed twice.' }),
  })
  .strict();

export const deletedAnswer = z.object({ deleted: z.number().int() });
export type DeletedAnswer = z.output<typeof deletedAnswer>;

// ---- Privilege change -----------------------------------------------------------------------------------------

export const privilegeChangeBody = z
  .object({
    privilege_type: z.enum(STAFF_PRIVILEGE_TYPES),
    /** Admin to normal: the admin who becomes the parent (required then). Ignored for a promotion. */
    parent_user_id: idSchema.nullable().optional(),
  })
  .strict();
export type PrivilegeChangeBody = z.input<typeof privilegeChangeBody>;

export const privilegeChangeAnswer = z.object({
  user: userAnswer,
  changed: z.array(
    z.object({
      id: z.string(),
      privilege_type: z.enum(PRIVILEGE_TYPES),
      parent_user_id: z.string().nullable(),
      car_limit: z.number().int().nullable(),
    }),
  ),
});
export type PrivilegeChangeAnswer = z.output<typeof privilegeChangeAnswer>;

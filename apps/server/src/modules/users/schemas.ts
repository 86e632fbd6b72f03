import {
  DEFAULT_PAGE_SIZE,
  emailSchema,
  PAGE_SIZES,
  PRIVILEGE_TYPES,
  passwordSchema,
  USER_STATUSES,
} from '@spinyard/domain';
import { z } from 'zod';
import { USER_SORTS } from './repo.ts';

/**
 * Request and answer shapes of the users area. Every route declares them, so /docs describes the API the console
 * builds its screens from. Bounds the spec does not give are ours (docs/decisions.md): names and texts up to 100
 * characters, codes up to 50 printable ASCII characters, vehicle limits 0..1,000,000.
 */

export const idSchema = z.string().regex(/^[1-9][0-9]{0,18}$/, 'An id is a positive whole number.');
export const idParams = z.object({ id: idSchema });

const text = (max = 100) => z.string().trim().max(max);
const code = z
  .string()
  .trim()
  .max(50)
  .regex(/^[\x20-\x7e]*$/, 'Use half-width letters, digits and symbols.');
const phone = z
  .string()
  .trim()
  .regex(/^(\+?[0-9]+(-[0-9]+)*)?$/, 'A phone number is half-width digits, optionally with hyphens and a leading +.')
  .max(20);
const carLimit = z.int().min(0).max(1_000_000).nullable();
const loginLimit = z.int().min(1).max(100).nullable();

// ---- Lists ----------------------------------------------------------------------------------------------------

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
    error: `The page size is one of ${PAGE_SIZES.join(', ')}.`,
  });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: pageSize.default(DEFAULT_PAGE_SIZE),
});

export const userListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(USER_SORTS).default('created_desc'),
  privilege_type: z.enum(['admin', 'normal']).optional(),
  status: z.enum(USER_STATUSES).optional(),
  parent_user_id: idSchema.optional(),
  group_id: idSchema.optional(),
  /** Master only: one tenant's users. */
  domain_id: idSchema.optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const superuserListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(USER_SORTS).default('created_desc'),
  status: z.enum(USER_STATUSES).optional(),
  domain_id: idSchema.optional(),
});
export type SuperuserListQuery = z.output<typeof superuserListQuery>;

export const searchParams = z.object({ q: z.string().trim().min(1).max(100) });

export const usersQuery = pageQuery.extend({
  same_privileges: z.enum(['0', '1', 'true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
});

// ---- Answers --------------------------------------------------------------------------------------------------

export const userAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  privilege_type: z.enum(PRIVILEGE_TYPES),
  status: z.enum(USER_STATUSES),
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
  shop_code: z.string(),
  corporation_code: z.string(),
  store_name: z.string(),
  department: z.string(),
  job_number: z.string(),
  authorizer_job_number: z.string(),
  is_pay_by_credit: z.boolean(),
  two_step_auth: z.boolean(),
  two_step_forced: z.boolean(),
  login_limit_count: z.number().int().nullable(),
  last_login_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserAnswer = z.output<typeof userAnswer>;

export const userPage = z.object({
  items: z.array(userAnswer),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** The short form for pickers (parents, transfer recipients): nothing a colleague should not see. */
export const userSummary = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  display_name: z.string(),
  privilege_type: z.enum(PRIVILEGE_TYPES),
  status: z.enum(USER_STATUSES),
  parent_user_id: z.string().nullable(),
  company_name: z.string().nullable(),
});

export const userSummaryPage = z.object({
  items: z.array(userSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

// ---- Subordinates ---------------------------------------------------------------------------------------------

/** Names and contact of any user, super users included; all optional. */
const contactFields = {
  first_name: text().optional(),
  last_name: text().optional(),
  display_name: text().optional(),
  company_section: text().optional(),
  phone: phone.optional(),
};

/** Fields of a staff member that the add and edit screens share; all optional. */
const profileFields = {
  ...contactFields,
  car_limit: carLimit.optional(),
  login_code: code.optional(),
  shop_code: code.optional(),
  corporation_code: code.optional(),
  store_name: text().optional(),
  department: text().optional(),
  job_number: code.optional(),
  authorizer_job_number: code.optional(),
  /** Forces the second sign-in step on this user; they cannot turn it off themself. */
  two_step_forced: z.boolean().optional(),
  login_limit_count: loginLimit.optional(),
  /** A company (headquarters or branch) of the user's domain. */
  company_id: idSchema.optional(),
};

export const subordinateCreateBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    privilege_type: z.enum(['admin', 'normal']),
    name: text().min(1),
    /** The admin a normal user belongs to; or name them by admin_code. */
    parent_user_id: idSchema.nullable().optional(),
    /** The parent admin's e-mail address or login code. */
    admin_code: z.string().trim().min(1).max(254).optional(),
    /** Master only: the domain of a new admin (a normal user is always in their parent's domain). */
    domain_id: idSchema.optional(),
    ...profileFields,
  })
  .strict();
export type SubordinateCreate = z.output<typeof subordinateCreateBody>;

export const subordinateUpdateBody = z
  .object({
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    name: text().min(1).optional(),
    /** Move a normal user under another admin of the domain. */
    parent_user_id: idSchema.optional(),
    admin_code: z.string().trim().min(1).max(254).optional(),
    ...profileFields,
  })
  .strict();
export type SubordinateUpdate = z.output<typeof subordinateUpdateBody>;

export const statusBody = z.object({ status: z.enum(['active', 'inactive']) }).strict();

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

// ---- Privilege change -----------------------------------------------------------------------------------------

export const privilegeChangeBody = z
  .object({
    privilege_type: z.enum(['admin', 'normal']),
    /** Admin to normal: the admin who becomes the parent (required then). Ignored for a promotion. */
    parent_user_id: idSchema.nullable().optional(),
  })
  .strict();

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

// ---- Super users ----------------------------------------------------------------------------------------------

export const superuserCreateBody = z
  .object({
    domain_id: idSchema,
    email: emailSchema,
    /** Optional initial password; without one the super user sets theirs by password reset after activation. */
    password: passwordSchema.optional(),
    name: text().min(1),
    first_name: text().optional(),
    last_name: text().optional(),
    display_name: text().optional(),
    /** A headquarters of the domain; when absent, the domain's first headquarters (created when there is none). */
    company_id: idSchema.optional(),
    /** Name of the headquarters created when the domain has none (default: the domain's service name). */
    company_name: text().min(1).optional(),
    phone: phone.optional(),
    car_limit: carLimit.optional(),
    is_pay_by_credit: z.boolean().optional(),
  })
  .strict();
export type SuperuserCreate = z.output<typeof superuserCreateBody>;

export const superuserUpdateBody = z
  .object({
    email: emailSchema.optional(),
    name: text().min(1).optional(),
    ...contactFields,
    /** Master only. */
    car_limit: carLimit.optional(),
    /** Master only. */
    is_pay_by_credit: z.boolean().optional(),
    /** Master only. */
    login_limit_count: loginLimit.optional(),
    /** Master only: forces the second sign-in step. */
    two_step_forced: z.boolean().optional(),
  })
  .strict();
export type SuperuserUpdate = z.output<typeof superuserUpdateBody>;

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

export const registrationBody = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: text().min(1),
    first_name: text().optional(),
    last_name: text().optional(),
    company_name: text().min(1),
    phone: phone.optional(),
    accept_terms: z.boolean(),
  })
  .strict();
export type Registration = z.output<typeof registrationBody>;

export const registrationAnswer = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  activation_mail_sent: z.boolean(),
});

// ---- Groups ---------------------------------------------------------------------------------------------------

export const groupAnswer = z.object({
  id: z.string(),
  domain_id: z.string(),
  company_id: z.string().nullable(),
  name: z.string(),
  admin_user_id: z.string().nullable(),
  admin_name: z.string().nullable(),
  admin_email: z.string().nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const groupPage = z.object({
  items: z.array(groupAnswer),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const groupCreateBody = z
  .object({
    name: text().min(1),
    /** The admin who heads the group, by e-mail address or login code; or by id. */
    admin_code: z.string().trim().min(1).max(254).optional(),
    admin_user_id: idSchema.optional(),
    /** Master only. */
    domain_id: idSchema.optional(),
  })
  .strict();
export type GroupCreate = z.output<typeof groupCreateBody>;

export const groupUpdateBody = z
  .object({
    name: text().min(1).optional(),
    admin_code: z.string().trim().min(1).max(254).optional(),
    /** null removes the group's admin. */
    admin_user_id: idSchema.nullable().optional(),
  })
  .strict();
export type GroupUpdate = z.output<typeof groupUpdateBody>;

export const groupListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  domain_id: idSchema.optional(),
});

export const membersBody = z
  .object({
    user_ids: z
      .array(idSchema)
      .max(10_000)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'An id is listed twice.' }),
  })
  .strict();

export const membersAnswer = z.object({ group: groupAnswer, members: z.array(userSummary) });

// ---- CSV ------------------------------------------------------------------------------------------------------

export const csvAddedAnswer = z.object({ added: z.number().int() });

/**
 * A refused CSV: `csv_invalid` with every refused row (row null for a rule of the whole file, such as a total),
 * or one catalogue code of the whole file (not UTF-8, too large, over 100 users, no user, header...).
 */
export const csvErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    user_message: z.string(),
    fields: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
    rows: z
      .array(
        z.object({
          row: z.number().int().nullable(),
          code: z.string(),
          field: z.string().optional(),
          message: z.string(),
        }),
      )
      .optional(),
  }),
});

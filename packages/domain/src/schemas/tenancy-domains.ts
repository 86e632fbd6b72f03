import { z } from 'zod';
import { USER_STATUSES } from '../roles.ts';
import { emailSchema } from './account.ts';
import { idSchema } from './common.ts';
import {
  companyCodeSchema,
  DOMAIN_OPTION_FIELDS,
  domainOptionsPatchSchema,
  hostFlagSchema,
  hostFlagsSchema,
  hostNameSchema,
  VEHICLE_LIMIT_MODES,
} from './domain.ts';
import { fieldErrorItem } from './error-answer.ts';
import { FIELD_RULE_MESSAGES } from './field-errors.ts';
import { pageOf, pageQuery, SEARCH_MAX_LENGTH, searchText } from './lists.ts';

/**
 * The domains API (`/v1/domain...`, `/v1/companycode`): what travels over HTTP around the domain rules of
 * domain.ts (host names, company codes, options).
 */

/** A list's search word: the bound every list shares (lists.ts); longer input is refused, not cut. */
export const TENANCY_SEARCH_MAX_LENGTH = SEARCH_MAX_LENGTH;

export const tenancyListQuery = pageQuery.extend({ q: searchText.optional() });
export type TenancyListParams = z.input<typeof tenancyListQuery>;

export const domainSearchParams = z.object({ q: z.string().trim().min(1).max(TENANCY_SEARCH_MAX_LENGTH) });
export const hostParams = z.object({ host: z.string().max(300) });
export const companyCodeParams = z.object({ company_code: z.string().trim().max(10) });
export const duplicateCheckQuery = z.object({ company_code: z.string().trim().max(10).optional() });

/** What a host name stands for before sign-in: its company code and the name the screens show. */
export const companyCodeAnswer = z.object({
  company_code: z.string(),
  service_name: z.string().describe('The tenant’s service name (browser title, footer); empty when none.'),
  has_logo: z
    .boolean()
    .describe(
      'Whether company_logo_{company_code}.png exists (the product’s 0006 always does): the logo is asked only then, never as a 404.',
    ),
});
export type CompanyCodeAnswer = z.output<typeof companyCodeAnswer>;

// ---- Bodies -----------------------------------------------------------------------------------------------

/** Names of the headquarters and of the super user made with a domain (our bound; the spec gives none). */
export const DOMAIN_NAME_MAX_LENGTH = 100;

export const serviceNameSchema = DOMAIN_OPTION_FIELDS.service_name.min(1, 'Enter the service name.');
const nameSchema = z.string().trim().max(DOMAIN_NAME_MAX_LENGTH);

/** The registered admin named with a new domain. */
export const domainSuperUserBody = z
  .object({ email: emailSchema, name: nameSchema.min(1, 'Enter the name.') })
  .strict();

export const domainCreateBody = z
  .object({
    host: hostNameSchema,
    company_code: companyCodeSchema,
    service_name: serviceNameSchema,
    company_name: nameSchema.optional().describe('Name of the headquarters; the service name if absent'),
    host_flags: hostFlagsSchema.default([]),
    options: domainOptionsPatchSchema.default({}).describe('Any options; the others take their defaults'),
    super_user: domainSuperUserBody
      .optional()
      .describe('The registered admin of the domain; required (refused with domain_admin_not_registered)'),
  })
  .strict();
export type DomainCreateBody = z.input<typeof domainCreateBody>;

export const domainUpdateBody = z
  .object({
    host: hostNameSchema.optional(),
    service_name: serviceNameSchema.optional(),
    host_flags: hostFlagsSchema.optional(),
    options: domainOptionsPatchSchema.optional().describe('Options to change; the others keep their values'),
  })
  .strict();
export type DomainUpdateBody = z.input<typeof domainUpdateBody>;

export const domainBulkUpdateBody = z
  .object({
    domain_ids: z.array(idSchema).min(1, FIELD_RULE_MESSAGES.required).max(100),
    host_flags: hostFlagsSchema.optional(),
    options: domainOptionsPatchSchema.optional(),
  })
  .strict()
  .refine((b) => b.options !== undefined || b.host_flags !== undefined, {
    error: 'Send options or host flags to apply.',
    params: { rule: 'required' },
    path: ['options'],
  });

// ---- Answers ----------------------------------------------------------------------------------------------

export const DOMAIN_STATUSES = ['active', 'deleting'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export const domainSummaryAnswer = z.object({
  id: z.string(),
  host: z.string(),
  company_code: z.string(),
  service_name: z.string(),
  host_flags: z.array(hostFlagSchema),
  status: z.enum(DOMAIN_STATUSES),
  deletion_requested_at: z.string().nullable(),
  vehicle_limit: z.number().int().nullable(),
  limit_mode: z.enum(VEHICLE_LIMIT_MODES),
  registered_vehicles: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DomainSummary = z.output<typeof domainSummaryAnswer>;

export const domainPage = pageOf(domainSummaryAnswer);
/** The answer of the search and the bulk update: every domain concerned, unpaged. */
export const domainItems = z.object({ items: z.array(domainSummaryAnswer) });

export const domainSuperUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(USER_STATUSES),
});
export type DomainSuperUser = z.output<typeof domainSuperUser>;

export const domainDetailAnswer = domainSummaryAnswer.extend({
  options: z.object(DOMAIN_OPTION_FIELDS),
  logo_url: z.string().nullable(),
  splash_url: z.string().nullable(),
  round_logo_url: z.string().nullable(),
  main_company: z.object({ id: z.string(), name: z.string() }).nullable(),
  super_users: z.array(domainSuperUser),
});
export type DomainDetail = z.output<typeof domainDetailAnswer>;

export const domainCreatedAnswer = domainDetailAnswer.extend({
  activation_mail_sent: z.boolean().describe('False when the mail could not be queued; resend the activation'),
});
export type DomainCreated = z.output<typeof domainCreatedAnswer>;

export const DUPLICATE_REASONS = ['invalid_host', 'domain_in_use', 'domain_deleting', 'company_code_in_use'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const duplicateCheckAnswer = z.object({
  available: z.boolean(),
  host: z.string().optional().describe('The host as it would be stored (trimmed, lower case)'),
  reason: z.enum(DUPLICATE_REASONS).optional(),
  fields: z.array(fieldErrorItem).optional(),
});
export type DuplicateCheck = z.output<typeof duplicateCheckAnswer>;

export const maxContentsAnswer = z.object({
  domain_id: z.string(),
  vehicle_limit: z.number().int().nullable().describe('null: unlimited'),
  limit_mode: z.enum(VEHICLE_LIMIT_MODES),
  registered_vehicles: z.number().int().describe('Vehicles not permanently deleted'),
  max_registered_per_user: z.number().int(),
  remaining: z.number().int().nullable().describe('null when unlimited or counted per user'),
});
export type MaxContents = z.output<typeof maxContentsAnswer>;

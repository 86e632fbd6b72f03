import {
  companyCodeSchema,
  companySchema,
  DEFAULT_PAGE_SIZE,
  DOMAIN_OPTION_FIELDS,
  domainOptionsPatchSchema,
  emailSchema,
  FIELD_RULE_MESSAGES,
  hostFlagSchema,
  hostFlagsSchema,
  hostNameSchema,
  isPageSize,
  PAGE_SIZES,
  ruleIssue,
  USER_STATUSES,
  VEHICLE_LIMIT_MODES,
} from '@spinyard/domain';
import { z } from 'zod';

/**
 * Request and answer shapes of the tenancy routes, so /docs describes them. The rules inside come from
 * packages/domain; what is written here is only how they travel over HTTP (ids, paging, uploads, answers).
 */

// Ids are bigserial; 18 digits keep any accepted value inside PostgreSQL's bigint.
export const idSchema = z
  .string()
  .refine((v) => /^[1-9][0-9]{0,17}$/.test(v), ruleIssue('format', 'An id is a positive whole number.'));

export const idParams = z.object({ id: idSchema });

export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine(isPageSize, ruleIssue('one_of', `The page size is one of ${PAGE_SIZES.join(', ')}.`))
    .default(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
};

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

// ---- Uploads ----------------------------------------------------------------------------------------------

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 as sent (line breaks allowed, a `data:` URL prefix allowed and ignored: the content decides the type). */
function base64Of(value: string): string {
  return value.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
}

/**
 * An uploaded picture as JSON: `{ "image": "<base64 or data: URL>" }`. The file name, when sent, is only
 * informational; type, size and pixels are read from the decoded bytes.
 */
export const imageBody = z
  .object({
    image: z
      .string()
      .min(1, FIELD_RULE_MESSAGES.required)
      .refine(
        (v) => {
          const b64 = base64Of(v);
          return BASE64.test(b64) && b64.length % 4 !== 1;
        },
        ruleIssue('format', 'The image must be sent as base64 or a data: URL.'),
      )
      .transform((v) => Buffer.from(base64Of(v), 'base64'))
      .describe('The file, base64-encoded or as a data: URL'),
    file_name: z.string().max(255).optional().describe('Informational only: never used to decide the type'),
  })
  .strict();

/** Pictures travel base64-encoded (a third larger); this covers the largest allowed (5 MB) with room. */
export const IMAGE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

// ---- Domains ----------------------------------------------------------------------------------------------

const serviceNameSchema = DOMAIN_OPTION_FIELDS.service_name.min(1, 'Enter the service name.');

export const domainCreateBody = z
  .object({
    host: hostNameSchema,
    company_code: companyCodeSchema,
    service_name: serviceNameSchema,
    company_name: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe('Name of the headquarters; the service name if absent'),
    host_flags: hostFlagsSchema.default([]),
    options: domainOptionsPatchSchema.default({}).describe('Any options; the others take their defaults'),
    super_user: z
      .object({ email: emailSchema, name: z.string().trim().min(1, 'Enter the name.').max(100) })
      .strict()
      .optional()
      .describe('The registered admin of the domain; required (refused with domain_admin_not_registered)'),
  })
  .strict();

export const domainUpdateBody = z
  .object({
    host: hostNameSchema.optional(),
    service_name: serviceNameSchema.optional(),
    host_flags: hostFlagsSchema.optional(),
    options: domainOptionsPatchSchema.optional().describe('Options to change; the others keep their values'),
  })
  .strict();

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

const domainStatusSchema = z.enum(['active', 'deleting']);

export const domainSummaryAnswer = z.object({
  id: z.string(),
  host: z.string(),
  company_code: z.string(),
  service_name: z.string(),
  host_flags: z.array(hostFlagSchema),
  status: domainStatusSchema,
  deletion_requested_at: z.string().nullable(),
  vehicle_limit: z.number().int().nullable(),
  limit_mode: z.enum(VEHICLE_LIMIT_MODES),
  registered_vehicles: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const domainDetailAnswer = domainSummaryAnswer.extend({
  options: z.object(DOMAIN_OPTION_FIELDS),
  logo_url: z.string().nullable(),
  splash_url: z.string().nullable(),
  round_logo_url: z.string().nullable(),
  main_company: z.object({ id: z.string(), name: z.string() }).nullable(),
  super_users: z.array(
    z.object({ id: z.string(), email: z.string(), name: z.string(), status: z.enum(USER_STATUSES) }),
  ),
});

export const domainCreatedAnswer = domainDetailAnswer.extend({
  activation_mail_sent: z.boolean().describe('False when the mail could not be queued; resend the activation'),
});

export const duplicateCheckAnswer = z.object({
  available: z.boolean(),
  host: z.string().optional().describe('The host as it would be stored (trimmed, lower case)'),
  reason: z.enum(['invalid_host', 'domain_in_use', 'domain_deleting', 'company_code_in_use']).optional(),
  fields: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
});

export const maxContentsAnswer = z.object({
  domain_id: z.string(),
  vehicle_limit: z.number().int().nullable().describe('null: unlimited'),
  limit_mode: z.enum(VEHICLE_LIMIT_MODES),
  registered_vehicles: z.number().int().describe('Vehicles not permanently deleted'),
  max_registered_per_user: z.number().int(),
  remaining: z.number().int().nullable().describe('null when unlimited or counted per user'),
});

// ---- Companies --------------------------------------------------------------------------------------------

type CompanyShape = typeof companySchema.shape;
type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type CompanyPatchShape = { [K in keyof CompanyShape]: z.ZodOptional<WithoutDefault<CompanyShape[K]>> };

/**
 * The company fields, each optional and without its default: an update names what changes and the service merges
 * it into the stored company before checking the whole (defaults here would blank every field not sent).
 */
function companyPatchShape(): CompanyPatchShape {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(companySchema.shape)) {
    out[key] = (field instanceof z.ZodDefault ? field.unwrap() : field).optional();
  }
  // The loop builds exactly the mapped type; TypeScript cannot follow Object.entries.
  return out as CompanyPatchShape;
}

const companyFields = companyPatchShape();

export const companyPatchBody = z.object(companyFields).strict();
export const companyCreateBody = z.object({ ...companyFields, name: companySchema.shape.name }).strict();

export const headquartersCreateBody = companyCreateBody.extend({
  domain_id: idSchema.optional().describe('Master only: the domain of the headquarters (a super uses their own)'),
});

export const branchCreateBody = companyCreateBody.extend({ headquarters_id: idSchema });
export const branchUpdateBody = companyPatchBody.extend({ headquarters_id: idSchema.optional() });

/** Master narrows a list to one domain; a super's lists are always their own domain's, whatever they send. */
const domainFilter = idSchema.optional().describe('Master only; a super always sees their own domain');

export const headquartersQuery = z.object({ ...pagingQuery, domain_id: domainFilter });
export const branchesQuery = z.object({
  ...pagingQuery,
  domain_id: domainFilter,
  headquarters_id: idSchema.optional(),
});

export const companyAnswer = z.object({
  id: z.string(),
  domain_id: z.string(),
  kind: z.enum(['headquarters', 'branch']),
  headquarters_id: z.string().nullable().describe('For a branch: its headquarters'),
  name: z.string(),
  corporate_code: z.string(),
  store_code: z.string(),
  zip1: z.string(),
  zip2: z.string(),
  prefecture: z.number().int().nullable().describe('JIS id 1..47'),
  state: z.string(),
  city: z.string(),
  street: z.string(),
  tel: z.string(),
  country: z.string(),
  credit_notation: z.string(),
  subdomain: z.string(),
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const headquartersAnswer = companyAnswer.extend({ branch_count: z.number().int() });

export const companyInfoAnswer = z.object({
  company: companyAnswer,
  headquarters: z.object({ id: z.string(), name: z.string() }).nullable(),
  domain: z.object({ host: z.string(), company_code: z.string(), service_name: z.string() }),
});

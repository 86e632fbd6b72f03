import { z } from 'zod';
import {
  CONTACT_LIST_PAGE_SIZE,
  CORPORATION_LIST_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  isPageSize,
  PAGE_SIZES,
} from '../constants.ts';
import { idSchema } from './common.ts';
import { companySchema } from './company.ts';
import { ruleIssue } from './field-errors.ts';
import { pageOf } from './lists.ts';
import { tenancyListQuery } from './tenancy-domains.ts';

/**
 * The companies API (`/v1/company`, `/v1/companyinfo`, `/v1/headquarters`, `/v1/branches`): what travels over HTTP
 * around the company rules of company.ts.
 */

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
export type CompanyPatchBody = z.input<typeof companyPatchBody>;
export const companyCreateBody = z.object({ ...companyFields, name: companySchema.shape.name }).strict();

export const headquartersCreateBody = companyCreateBody.extend({
  domain_id: idSchema.optional().describe('Master only: the domain of the headquarters (a super uses their own)'),
});
export type HeadquartersCreateBody = z.input<typeof headquartersCreateBody>;

export const branchCreateBody = companyCreateBody.extend({ headquarters_id: idSchema });
export type BranchCreateBody = z.input<typeof branchCreateBody>;
export const branchUpdateBody = companyPatchBody.extend({ headquarters_id: idSchema.optional() });
export type BranchUpdateBody = z.input<typeof branchUpdateBody>;

/** Master narrows a list to one domain; a super's lists are always their own domain's, whatever they send. */
const domainFilter = idSchema.optional().describe('Master only; a super always sees their own domain');

/** The page sizes of every list, and the corporation and contact lists' all-at-once size (second document, 9). */
const companyPageSize = z.coerce
  .number()
  .int()
  .refine(
    (n) => isPageSize(n) || n === CORPORATION_LIST_PAGE_SIZE || n === CONTACT_LIST_PAGE_SIZE,
    ruleIssue('one_of', `The page size is one of ${PAGE_SIZES.join(', ')} or ${CORPORATION_LIST_PAGE_SIZE}.`),
  )
  .default(DEFAULT_PAGE_SIZE);

export const headquartersQuery = tenancyListQuery.extend({ domain_id: domainFilter, limit: companyPageSize });
export type HeadquartersParams = z.input<typeof headquartersQuery>;
export const branchesQuery = tenancyListQuery.extend({
  domain_id: domainFilter,
  limit: companyPageSize,
  headquarters_id: idSchema.optional(),
});
export type BranchesParams = z.input<typeof branchesQuery>;

export const COMPANY_KINDS = ['headquarters', 'branch'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const companyAnswer = z.object({
  id: z.string(),
  domain_id: z.string(),
  kind: z.enum(COMPANY_KINDS),
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
export type CompanyAnswer = z.output<typeof companyAnswer>;

export const companyPage = pageOf(companyAnswer);

/** A branch as its list shows it: with its headquarters' name, so the list needs no second read of them. */
export const branchAnswer = companyAnswer.extend({ headquarters_name: z.string().nullable() });
export type BranchAnswer = z.output<typeof branchAnswer>;

export const branchPage = pageOf(branchAnswer);

export const headquartersAnswer = companyAnswer.extend({ branch_count: z.number().int() });
export type HeadquartersAnswer = z.output<typeof headquartersAnswer>;

export const headquartersPage = pageOf(headquartersAnswer);

export const companyInfoAnswer = z.object({
  company: companyAnswer,
  headquarters: z.object({ id: z.string(), name: z.string() }).nullable(),
  domain: z.object({ host: z.string(), company_code: z.string(), service_name: z.string() }),
});
export type CompanyInfoAnswer = z.output<typeof companyInfoAnswer>;

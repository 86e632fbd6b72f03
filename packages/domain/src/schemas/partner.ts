import { z } from 'zod';
import { LINK_METHODS, LINK_STATES } from '../listing-link.ts';
import { idSchema } from './common.ts';
import { reportMonthSchema } from './contents-report.ts';
import { ruleIssue } from './field-errors.ts';
import { PAGE_MAX, pageOf } from './lists.ts';

/**
 * Partner reports (issue 22, parts 3 and 4): the partner billing report's codes and CSV, the reporting API's keys
 * and answers, and the log of contents reports (`/contents-report/log`).
 *
 * Readings (copied to docs/decisions.md, "Partner reports"):
 * - The spec asks an exact digit count of the partner billing format's fields without giving it. Ours: the
 *   department code 6 digits, the job number and the authorizer's job number 8 digits each (Japanese payroll
 *   codes of that size), half-width only. Empty is allowed: a user who is not billed to a partner has none.
 * - The reporting API key is `spy_` and 40 hex digits (160 random bits); only its SHA-256 is stored, with its
 *   first 8 characters after the prefix so a list can tell keys apart.
 */

/** Text fields that may be null, by name. */
function nullableStrings<K extends string>(...keys: K[]): Record<K, z.ZodNullable<z.ZodString>> {
  return Object.fromEntries(keys.map((k) => [k, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>;
}

/** Text fields of an answer, by name: answers of many plain strings read as the list of their names. */
function strings<K extends string>(...keys: K[]): Record<K, z.ZodString> {
  return Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>;
}

// ---- Partner billing codes ------------------------------------------------------------------------------------

export const PARTNER_BILLING_DIGITS = { department: 6, job_number: 8, authorizer_job_number: 8 } as const;
export type PartnerBillingField = keyof typeof PARTNER_BILLING_DIGITS;

/** A partner billing code: empty, or exactly the field's number of half-width digits (rule `exact_digits`). */
export function partnerBillingCode(field: PartnerBillingField) {
  const digits = PARTNER_BILLING_DIGITS[field];
  const pattern = new RegExp(`^[0-9]{${digits}}$`);
  return z
    .string()
    .trim()
    .refine(
      (v) => v === '' || pattern.test(v),
      ruleIssue('exact_digits', `Enter exactly ${digits} half-width digits.`),
    );
}

// ---- Partner billing report -----------------------------------------------------------------------------------

export const partnerBillingReportQuery = z.object({
  month: reportMonthSchema,
  /** One corporation and its locations; absent, every corporation of the domain. */
  headquarters_id: idSchema.optional(),
  /** Master only: the domain reported (a super reports their own). */
  domain_id: idSchema.optional(),
});
export type PartnerBillingReportParams = z.input<typeof partnerBillingReportQuery>;

/** One line per user of a corporation or one of its locations, in the partner's accounting order. */
export const PARTNER_BILLING_HEADER: readonly string[] = (
  'month,partner_code,corporation_code,corporation_name,location_code,location_name,department,job_number,' +
  'authorizer_job_number,user_id,user_name,vehicles_registered,vehicles_created,vehicles_published'
).split(',');

export function partnerBillingFileName(month: string, partnerCode: string): string {
  return `partner_billing_${partnerCode}_${month}.csv`;
}

// ---- Reporting API keys ---------------------------------------------------------------------------------------

export const REPORTING_KEY_PREFIX = 'spy_';
export const REPORTING_KEY_PATTERN = /^spy_[0-9a-f]{40}$/;
/** Calls per key per minute; more answer 429 with Retry-After. */
export const REPORTING_CALLS_PER_MINUTE = 60;

export const reportingKeyCreateBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** Master only: the domain whose data the key reads (a super's key reads their own). */
    domain_id: idSchema.optional(),
  })
  .strict();
export type ReportingKeyCreateBody = z.input<typeof reportingKeyCreateBody>;

export const reportingKeysQuery = z.object({ domain_id: idSchema.optional() });

/** `hint` is the key's first characters, to tell keys apart; the key itself is never shown again. */
export const reportingKeyAnswer = z.object({
  ...strings('id', 'domain_id', 'name', 'hint', 'created_at'),
  rotated_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ReportingKeyAnswer = z.output<typeof reportingKeyAnswer>;
export const reportingKeyList = z.object({ items: z.array(reportingKeyAnswer) });

/** The answer of a creation or a rotation: the only time the key is shown. */
export const reportingKeySecretAnswer = reportingKeyAnswer.extend({ key: z.string() });
export type ReportingKeySecretAnswer = z.output<typeof reportingKeySecretAnswer>;

// ---- Reporting API answers ------------------------------------------------------------------------------------

export const REPORTING_PAGE_MAX = 1000;

/** A page number, and a page size from 1 to `max`: lists read by programs rather than the console's paginator. */
const boundedPage = (max: number, size: number) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(max).default(size),
});

export const reportingQuery = z.object({
  ...boundedPage(REPORTING_PAGE_MAX, 100),
  /** Bills issued, vehicles created or links changed in this month (Japan time); absent, all. */
  month: reportMonthSchema.optional(),
});
export type ReportingQuery = z.output<typeof reportingQuery>;

export const reportingBill = z.object({
  ...strings('id', 'number', 'user_id', 'user_name', 'plan_id', 'currency', 'status', 'issued_at'),
  total_without_tax: z.number(),
  tax: z.number(),
  total_with_tax: z.number(),
});

const companyFields = {
  ...strings('id', 'name', 'corporate_code', 'store_code', 'tel', 'city', 'street', 'created_at', 'updated_at'),
  prefecture: z.number().int().nullable(),
};
export const reportingCorporation = z.object({ ...companyFields, location_count: z.number().int() });
export const reportingContact = z.object({ ...companyFields, corporation_id: z.string().nullable() });

export const reportingContent = z.object({
  ...strings('id', 'management_id', 'maker', 'car_name', 'owner_user_id', 'publication', 'listing_link'),
  ...strings('created_at', 'updated_at'),
  company_id: z.string().nullable(),
});

/**
 * One vehicle of the linkage report: its coarse link (`listing_link`) and the listing link's own record: the state
 * (null for a vehicle marked linked without one), method, key, the partner's property, the last failure (the
 * partner's code when it gave one, our English message of the error state, when) and the last link and unlink.
 */
export const reportingLink = z.object({
  ...strings('content_id', 'management_id', 'listing_id', 'chassis_number', 'listing_link', 'updated_at'),
  link_state: z.enum(LINK_STATES).nullable(),
  link_method: z.enum(LINK_METHODS).nullable(),
  ...nullableStrings('link_key', 'property_code', 'error_code', 'error_message', 'error_at'),
  ...nullableStrings('linked_at', 'unlinked_at'),
});
export type ReportingLink = z.output<typeof reportingLink>;

/** The linkage report as CSV: the whole selection (month: changed in it), one line per vehicle. */
export const reportingLinkageCsvQuery = z.object({ month: reportMonthSchema.optional() });
export const LINKAGE_REPORT_HEADER = [
  'content_id',
  'management_id',
  'listing_id',
  'chassis_number',
  'listing_link',
  'link_state',
  'link_method',
  'link_key',
  'property_code',
  'error_code',
  'error_message',
  'error_at',
  'linked_at',
  'unlinked_at',
  'updated_at',
] as const satisfies readonly (keyof ReportingLink)[];

export const reportingBillPage = pageOf(reportingBill);
export const reportingCorporationPage = pageOf(reportingCorporation);
export const reportingContactPage = pageOf(reportingContact);
export const reportingContentPage = pageOf(reportingContent);
/** The linkage report: the vehicles' listing links, with the count per state over the whole selection. */
export const reportingLinkPage = pageOf(reportingLink).extend({ counts: z.record(z.string(), z.number().int()) });

// ---- Contents report log --------------------------------------------------------------------------------------

export const contentsReportLogQuery = z.object(boundedPage(300, 30));
export type ContentsReportLogParams = z.input<typeof contentsReportLogQuery>;

export const contentsReportLogEntry = z.object({
  ...strings('id', 'user_id', 'user_name', 'month', 'report_type', 'created_at'),
  sleep: z.boolean(),
});
export type ContentsReportLogEntry = z.output<typeof contentsReportLogEntry>;
export const contentsReportLogPage = pageOf(contentsReportLogEntry);

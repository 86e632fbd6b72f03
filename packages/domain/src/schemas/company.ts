import { z } from 'zod';
import { PREFECTURES } from '../constants.ts';
import type { FieldError } from '../errors.ts';
import { hostLabelProblem } from './domain.ts';
import { ruleIssue } from './field-errors.ts';
import { isTel, PHONE_BOUNDS } from './phone.ts';

/**
 * Companies (first document section 3, "Company") and the image rules of the company and domain pictures
 * (second document section 5, "Image rules"), as data plus pure checks over what the server measured.
 *
 * Readings (copied to docs/decisions.md):
 * - Only the name is required (at most 100 characters). Every other field may be empty; the columns store ''.
 * - zip1 is 3 digits and zip2 4 digits (the Japanese postal code split at its hyphen); both or neither: one
 *   without the other is refused on the missing one with `required`.
 * - prefecture is the JIS id 1..47 of PREFECTURES, or null (a company abroad uses `state` instead).
 * - tel is half-width digits and hyphens, 6 to 20 characters, not starting or ending with a hyphen, no two
 *   hyphens in a row; a leading "+" is allowed for international numbers.
 * - country is an ISO 3166-1 alpha-2 code, upper-cased, default JP (access geography is fixed to JP).
 * - corporate_code and store_code are half-width letters, digits and hyphens, at most 32 characters (the spec
 *   names them only; partner billing codes are of this kind).
 * - credit_notation (how the company appears on card statements) at most 100 characters; state, city at most
 *   100; street at most 200.
 * - subdomain is one DNS label under the domain rules (lower-case, no run of hyphens), or empty.
 * - Images are judged by the server from the bytes (magic numbers and decoded size), never by file name; the
 *   checks take the detected MIME type, the byte count and, where a rule needs them, the pixel size. "jpg" means
 *   image/jpeg. Sizes are binary: 5 MB = 5 x 1024 x 1024 bytes.
 * - An empty file is `required`. Every broken rule is reported, not only the first, so one answer explains all.
 * - The splash image (JPEG or PNG, at most 860x645) and the round bottom logo (at most 300x300, PNG or JPEG) take
 *   the general 2 MB image limit, since the spec gives them none of their own.
 */

const MB = 1024 * 1024;

export interface ImageRule {
  /** Accepted MIME types, as detected from the bytes. */
  mimes: readonly string[];
  maxBytes: number;
  /** Exact pixel size, when the rule fixes one. */
  exact?: { width: number; height: number };
  /** Largest pixel size, when the rule bounds it. */
  max?: { width: number; height: number };
}

export const COMPANY_LOGO_RULE: ImageRule = { mimes: ['image/png', 'image/gif', 'image/jpeg'], maxBytes: 5 * MB };
export const DOMAIN_LOGO_RULE: ImageRule = {
  mimes: ['image/png'],
  maxBytes: 2 * MB,
  exact: { width: 488, height: 110 },
};
export const SPLASH_IMAGE_RULE: ImageRule = {
  mimes: ['image/jpeg', 'image/png'],
  maxBytes: 2 * MB,
  max: { width: 860, height: 645 },
};
export const ROUND_LOGO_RULE: ImageRule = {
  mimes: ['image/png', 'image/jpeg'],
  maxBytes: 2 * MB,
  max: { width: 300, height: 300 },
};

export interface ImageFacts {
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
}

const formatName = (mime: string): string =>
  mime === 'image/jpeg' ? 'JPEG' : mime.replace('image/', '').toUpperCase();
const orList = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
const mb = (bytes: number): string => `${bytes / MB} MB`;

/** Field errors for an image against a rule; empty when it passes. */
export function checkImage(field: string, rule: ImageRule, image: ImageFacts): FieldError[] {
  if (image.bytes <= 0) return [{ field, rule: 'required', message: 'Choose an image file.' }];
  const errors: FieldError[] = [];
  if (!rule.mimes.includes(image.mime.toLowerCase())) {
    errors.push({ field, rule: 'format', message: `The image must be ${orList(rule.mimes.map(formatName))}.` });
  }
  if (image.bytes > rule.maxBytes) {
    errors.push({ field, rule: 'max_size', message: `The image must be ${mb(rule.maxBytes)} or smaller.` });
  }
  if (rule.exact && (image.width !== rule.exact.width || image.height !== rule.exact.height)) {
    errors.push({
      field,
      rule: 'exact_dimensions',
      message: `The image must be exactly ${rule.exact.width}x${rule.exact.height} pixels.`,
    });
  }
  if (
    rule.max &&
    (image.width === undefined ||
      image.height === undefined ||
      image.width > rule.max.width ||
      image.height > rule.max.height)
  ) {
    errors.push({
      field,
      rule: 'max_dimensions',
      message: `The image must be at most ${rule.max.width}x${rule.max.height} pixels.`,
    });
  }
  return errors;
}

/** Company logo: png, gif or jpeg, up to 5 MB. */
export function checkCompanyLogo(image: { mime: string; bytes: number }, field = 'logo'): FieldError[] {
  return checkImage(field, COMPANY_LOGO_RULE, image);
}

/** Domain logo: PNG only, exactly 488x110, up to 2 MB. */
export function checkDomainLogo(
  image: { mime: string; bytes: number; width: number; height: number },
  field = 'logo',
): FieldError[] {
  return checkImage(field, DOMAIN_LOGO_RULE, image);
}

export function checkSplashImage(
  image: { mime: string; bytes: number; width: number; height: number },
  field = 'splash',
): FieldError[] {
  return checkImage(field, SPLASH_IMAGE_RULE, image);
}

export function checkRoundLogo(
  image: { mime: string; bytes: number; width: number; height: number },
  field = 'round_logo',
): FieldError[] {
  return checkImage(field, ROUND_LOGO_RULE, image);
}

// ---- Company fields -----------------------------------------------------------------------------------------

export const COMPANY_FIELD_BOUNDS = {
  name: 100,
  code: 32,
  state: 100,
  city: 100,
  street: 200,
  credit_notation: 100,
  tel: PHONE_BOUNDS,
} as const;

const C = COMPANY_FIELD_BOUNDS;
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must have at most ${max} characters.`).default('');
const optionalMatching = (valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || valid(v), ruleIssue('format', message))
    .default('');
const matches = (re: RegExp) => (value: string) => re.test(value);

export const COMPANY_MESSAGES = {
  name_required: 'Enter the company name.',
  name_max: `The company name must have at most ${C.name} characters.`,
  code: `Use at most ${C.code} half-width letters, digits and hyphens.`,
  zip1: 'The first part of the postal code is 3 digits.',
  zip2: 'The second part of the postal code is 4 digits.',
  zip_pair: 'Enter both parts of the postal code.',
  prefecture: 'Choose one of the 47 prefectures.',
  tel: 'Enter the phone number with half-width digits and hyphens.',
  country: 'Enter a two-letter country code such as JP.',
  subdomain: 'Use lower-case letters, digits and single hyphens, up to 63 characters.',
} as const;

const codePattern = new RegExp(`^[A-Za-z0-9-]{1,${C.code}}$`);

/** One DNS label under the domain-name rules (no dots, no run of hyphens; digits only is fine). */
export function isHostLabel(value: string): boolean {
  return hostLabelProblem(value) === null;
}

export const companySchema = z
  .object({
    name: z.string().trim().min(1, COMPANY_MESSAGES.name_required).max(C.name, COMPANY_MESSAGES.name_max),
    corporate_code: optionalMatching(matches(codePattern), COMPANY_MESSAGES.code),
    store_code: optionalMatching(matches(codePattern), COMPANY_MESSAGES.code),
    zip1: optionalMatching(matches(/^[0-9]{3}$/), COMPANY_MESSAGES.zip1),
    zip2: optionalMatching(matches(/^[0-9]{4}$/), COMPANY_MESSAGES.zip2),
    prefecture: z
      .int({ error: (iss) => (iss.input === undefined ? undefined : COMPANY_MESSAGES.prefecture) })
      .min(1, COMPANY_MESSAGES.prefecture)
      .max(PREFECTURES.length, COMPANY_MESSAGES.prefecture)
      .nullable()
      .default(null),
    state: optionalText(C.state, 'The state'),
    city: optionalText(C.city, 'The city'),
    street: optionalText(C.street, 'The street'),
    tel: optionalMatching(isTel, COMPANY_MESSAGES.tel),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => /^[A-Z]{2}$/.test(v), ruleIssue('format', COMPANY_MESSAGES.country))
      .default('JP'),
    credit_notation: optionalText(C.credit_notation, 'The credit notation'),
    subdomain: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || isHostLabel(v), ruleIssue('format', COMPANY_MESSAGES.subdomain))
      .default(''),
  })
  .superRefine((c, ctx) => {
    // A postal code is one value in two boxes: half of it is an unfinished entry, not a different address.
    if (c.zip1 !== '' && c.zip2 === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['zip2'],
        message: COMPANY_MESSAGES.zip_pair,
        params: { rule: 'required' },
      });
    }
    if (c.zip2 !== '' && c.zip1 === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['zip1'],
        message: COMPANY_MESSAGES.zip_pair,
        params: { rule: 'required' },
      });
    }
  });
export type CompanyInput = z.input<typeof companySchema>;
export type Company = z.output<typeof companySchema>;

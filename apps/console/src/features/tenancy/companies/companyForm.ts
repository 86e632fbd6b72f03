import {
  type Company as CompanyFields,
  type CompanyInput,
  companySchema,
  type FieldError,
  type Locale,
  PREFECTURES,
  parseFields,
  prefectureById,
} from '@spinyard/domain';
import { z } from 'zod';
import type { Company } from '../../../api/companies.ts';

/**
 * The company form as plain data (every input is text; the prefecture is its id as text, '' for none), its
 * check with the domain package's company schema, and the body the API takes.
 */

export const COMPANY_FIELD_NAMES = [
  'name',
  'corporate_code',
  'store_code',
  'zip1',
  'zip2',
  'prefecture',
  'state',
  'city',
  'street',
  'tel',
  'country',
  'credit_notation',
  'subdomain',
] as const satisfies readonly (keyof CompanyFields)[];
export type CompanyFieldName = (typeof COMPANY_FIELD_NAMES)[number];

export type CompanyFormValues = Record<CompanyFieldName, string>;

export function emptyCompanyForm(): CompanyFormValues {
  return {
    name: '',
    corporate_code: '',
    store_code: '',
    zip1: '',
    zip2: '',
    prefecture: '',
    state: '',
    city: '',
    street: '',
    tel: '',
    country: 'JP',
    credit_notation: '',
    subdomain: '',
  };
}

export function companyFormOf(company: CompanyFields): CompanyFormValues {
  return {
    name: company.name,
    corporate_code: company.corporate_code,
    store_code: company.store_code,
    zip1: company.zip1,
    zip2: company.zip2,
    prefecture: company.prefecture === null ? '' : String(company.prefecture),
    state: company.state,
    city: company.city,
    street: company.street,
    tel: company.tel,
    country: company.country,
    credit_notation: company.credit_notation,
    subdomain: company.subdomain,
  };
}

/** The form as the API takes it; the server fills nothing in (every field is sent). */
export function companyInputOf(values: CompanyFormValues): CompanyInput {
  const prefecture = values.prefecture === '' ? null : Number(values.prefecture);
  return { ...values, prefecture: Number.isInteger(prefecture) ? prefecture : null };
}

/** Checks the form with the company schema: the parsed company (trimmed, upper-cased country...) or field errors. */
export function parseCompanyForm(
  values: CompanyFormValues,
): { ok: true; company: CompanyFields } | { ok: false; fields: FieldError[] } {
  const result = parseFields(companyFormSchema, values);
  return result.ok ? { ok: true, company: result.data } : { ok: false, fields: result.fields };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The company form's schema: the form's text as the API takes it (companyInputOf), then the domain's
 * companySchema, which the server checks too; refusals carry the company's field names.
 */
export const companyFormSchema = z.custom<CompanyFormValues>(isRecord).transform(companyInputOf).pipe(companySchema);

export type CompanyModalValues = CompanyFormValues & { headquarters_id: string };

/** A company in the modal: a branch also names its headquarters (a select, so a missing one is `required`). */
export function companyModalSchema(kind: 'headquarters' | 'branch') {
  const headquarters = kind === 'branch' ? z.string().min(1, { error: 'Choose a headquarters.' }) : z.string();
  return z.intersection(companyFormSchema, z.object({ headquarters_id: headquarters }));
}

/** The prefecture's name in the user's language: Japanese for ja, romaji otherwise. */
export function prefectureName(id: number | null | undefined, locale: Locale | string): string {
  if (id === null || id === undefined) return '';
  const prefecture = prefectureById(id);
  if (!prefecture) return '';
  return locale === 'ja' ? prefecture.ja : prefecture.romaji;
}

/** The 47 prefectures for a select, in JIS order (north to south), named for the locale. */
export function prefectureOptions(locale: Locale | string): { value: string; label: string }[] {
  return PREFECTURES.map((p) => ({ value: String(p.id), label: locale === 'ja' ? p.ja : p.romaji }));
}

/** "123-4567", or '' when the postal code is not set. */
export function postalCodeOf(company: Pick<CompanyFields, 'zip1' | 'zip2'>): string {
  return company.zip1 && company.zip2 ? `${company.zip1}-${company.zip2}` : '';
}

/**
 * The address on one line, as it is written in the user's language: from the largest unit in Japanese
 * (〒, prefecture, city, street), from the smallest otherwise (street, city, prefecture or state, postal code,
 * country). Empty parts are left out.
 */
export function formatAddress(
  company: Pick<CompanyFields, 'zip1' | 'zip2' | 'prefecture' | 'state' | 'city' | 'street' | 'country'>,
  locale: Locale | string,
): string {
  const postal = postalCodeOf(company);
  const region = prefectureName(company.prefecture, locale) || company.state;
  const abroad = company.country !== '' && company.country !== 'JP';
  if (locale === 'ja') {
    const parts = [postal ? `〒${postal}` : '', region, company.city, company.street].filter(Boolean);
    const line = parts.join(' ');
    return abroad && line ? `${line}（${company.country}）` : line;
  }
  const parts = [company.street, company.city, region, postal, abroad ? company.country : ''].filter(Boolean);
  return parts.join(', ');
}

/** Only the fields that differ from the stored company (an unchanged form sends nothing). */
export function changedCompanyFields(before: CompanyFields, after: CompanyFields): Partial<CompanyFields> {
  const out: Partial<Record<CompanyFieldName, unknown>> = {};
  for (const key of COMPANY_FIELD_NAMES) if (after[key] !== before[key]) out[key] = after[key];
  return out as Partial<CompanyFields>;
}

/** The company fields of an API answer (drops ids, kind, logo and dates). */
export function fieldsOfCompany(company: Company): CompanyFields {
  const out = {} as Record<CompanyFieldName, unknown>;
  for (const key of COMPANY_FIELD_NAMES) out[key] = company[key];
  return out as CompanyFields;
}

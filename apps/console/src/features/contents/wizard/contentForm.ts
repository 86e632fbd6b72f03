import {
  type BasicInfoKey,
  basicInfoKeysOnHost,
  type ContentAnswer,
  type ContentCreateBody,
  contentCreateBody,
  type DamageSymbol,
  type DevelopmentViewPanel,
  type FieldError,
  type InspectionData,
  inspectionData,
  parseFields,
} from '@spinyard/domain';
import { z } from 'zod';
import type { ZodForm } from '../../../forms/useZodForm.ts';

/**
 * The wizard's form as react-hook-form holds it: the API's field names (so the checks before sending and the
 * server's 422 land on the same input), numbers as the text typed, choices with '' for "not chosen", and the
 * inspector's input under `inspection` (it goes to its own call).
 */
export type ContentStyle = ContentAnswer['contents_style'];

/** Basic info numbers: typed as text, sent as whole numbers or null. */
export const NUMBER_FIELDS = [
  'first_registration_year',
  'first_registration_month',
  'displacement',
  'mileage',
  'price_with_tax',
  'total_price_with_tax',
] as const satisfies readonly BasicInfoKey[];
type NumberField = (typeof NUMBER_FIELDS)[number];

export const CHOICE_FIELDS = ['handle', 'repair_history', 'statutory_inspection', 'vehicle_inspection'] as const;
type ChoiceField = (typeof CHOICE_FIELDS)[number];
type TextField = Exclude<BasicInfoKey, NumberField | ChoiceField>;

export interface MarkValues {
  panel: DevelopmentViewPanel;
  symbol: DamageSymbol;
  level: number | null;
}

export type ContentFormValues = Record<NumberField | TextField, string> & {
  [K in ChoiceField]: NonNullable<ContentCreateBody[K]> | '';
} & {
  management_id: string;
  chassis_number: string;
  listing_id: string;
  limited_password_enabled: boolean;
  limited_password: string;
  analytics_tag_enabled: boolean;
  analytics_tag: string;
  option_display: boolean;
  development_view_display: boolean;
  development_view_position: ContentCreateBody['development_view_position'];
  inspection_data_display: boolean;
  defect_display: boolean;
  basic_info_shown: BasicInfoKey[];
  inspection: { inspector_name: string; inspected_on: string; comment: string; marks: MarkValues[] };
};

/** What a checked form sends: the vehicle's body and the inspector's input. */
export interface ContentFormOutput {
  body: ContentCreateBody;
  inspection: InspectionData;
}

export const EMPTY_INSPECTION: ContentFormValues['inspection'] = {
  inspector_name: '',
  inspected_on: '',
  comment: '',
  marks: [],
};

export const EMPTY_CONTENT_FORM: ContentFormValues = {
  management_id: '',
  chassis_number: '',
  listing_id: '',
  limited_password_enabled: false,
  limited_password: '',
  analytics_tag_enabled: false,
  analytics_tag: '',
  option_display: true,
  development_view_display: false,
  development_view_position: 'inside',
  inspection_data_display: false,
  defect_display: false,
  basic_info_shown: [],
  maker: '',
  handle: '',
  car_name: '',
  body_color: '',
  first_registration_year: '',
  first_registration_month: '',
  engine_type: '',
  inspection_period: '',
  displacement: '',
  mileage: '',
  repair_history: '',
  assessment_score: '',
  price_with_tax: '',
  total_price_with_tax: '',
  phone: '',
  mail: '',
  store: '',
  bike_style: '',
  parts_category: '',
  statutory_inspection: '',
  vehicle_inspection: '',
  inspection: EMPTY_INSPECTION,
};

/** The basic info fields a vehicle of this style shows (bike fields for bikes, the steering side for cars). */
export function basicInfoKeysFor(style: ContentStyle): BasicInfoKey[] {
  return basicInfoKeysOnHost(style, []);
}

const str = (value: number | null): string => (value === null ? '' : String(value));

/** The form of a stored vehicle (the password is never answered: empty keeps it). */
export function formOfContent(c: ContentAnswer): ContentFormValues {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((key) => [key, str(c[key])])) as Record<NumberField, string>;
  return {
    ...EMPTY_CONTENT_FORM,
    management_id: c.management_id,
    chassis_number: c.chassis_number,
    listing_id: c.listing_id,
    limited_password_enabled: c.limited_password_enabled,
    analytics_tag_enabled: c.analytics_tag_enabled,
    analytics_tag: c.analytics_tag,
    option_display: c.option_display,
    development_view_display: c.development_view_display,
    development_view_position: c.development_view_position,
    inspection_data_display: c.inspection_data_display,
    defect_display: c.defect_display,
    basic_info_shown: [...c.basic_info_shown],
    maker: c.maker,
    handle: c.handle ?? '',
    car_name: c.car_name,
    body_color: c.body_color,
    engine_type: c.engine_type,
    inspection_period: c.inspection_period,
    repair_history: c.repair_history ?? '',
    assessment_score: c.assessment_score,
    phone: c.phone,
    mail: c.mail,
    store: c.store,
    bike_style: c.bike_style,
    parts_category: c.parts_category,
    statutory_inspection: c.statutory_inspection ?? '',
    vehicle_inspection: c.vehicle_inspection ?? '',
    ...numbers,
    inspection: {
      inspector_name: c.inspection.inspector_name,
      inspected_on: c.inspection.inspected_on,
      comment: c.inspection.comment,
      marks: c.inspection.marks.map((m) => ({ ...m })),
    },
  };
}

/**
 * A typed number as the API takes it: '' is none; full-width digits and thousands separators (1,200,000) are
 * read as a dealer types them; anything else is not a number (null, with `ok` false for the "whole number" rule).
 */
export function numberOfText(text: string): { ok: boolean; value: number | null } {
  const plain = text.normalize('NFKC').replace(/[,\s]/g, '');
  if (plain === '') return { ok: true, value: null };
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return { ok: false, value: null };
  return { ok: true, value: Number(plain) };
}

/** The create or update body of the form (numbers read, choices null when not chosen), and the unreadable numbers. */
export function bodyOfForm(values: ContentFormValues): { body: Record<string, unknown>; unreadable: NumberField[] } {
  const { inspection: _inspection, ...rest } = values;
  const body: Record<string, unknown> = { ...rest };
  const unreadable: NumberField[] = [];
  for (const key of NUMBER_FIELDS) {
    const read = numberOfText(values[key]);
    if (!read.ok) unreadable.push(key);
    body[key] = read.value;
  }
  for (const key of CHOICE_FIELDS) body[key] = values[key] === '' ? null : values[key];
  return { body, unreadable };
}

export interface ContentFormContext {
  /** Whether the stored vehicle already has a limited-publication password (an empty one then keeps it). */
  passwordSet: boolean;
}

/**
 * Every refusal of the form, named by form path: the domain's body schema (contentCreateBody) and inspection
 * schema (paths under `inspection.`), the numbers that are not numbers, and a limited publication turned on
 * with no password stored or given.
 */
export function contentFormErrors(values: ContentFormValues, context: ContentFormContext): FieldError[] {
  const { body, unreadable } = bodyOfForm(values);
  const errors: FieldError[] = unreadable.map((field) => ({ field, rule: 'integer', message: 'Enter a number.' }));
  const checked = parseFields(contentCreateBody, body);
  if (!checked.ok) errors.push(...checked.fields.filter((f) => !unreadable.some((u) => u === f.field)));
  if (values.limited_password_enabled && values.limited_password === '' && !context.passwordSet) {
    errors.push({ field: 'limited_password', rule: 'required', message: 'Enter the password.' });
  }
  const inspection = parseFields(inspectionData, values.inspection);
  if (!inspection.ok) {
    errors.push(...inspection.fields.map((f) => ({ ...f, field: `inspection.${f.field}` })));
  }
  return errors;
}

/** The form's schema for react-hook-form: the checks of contentFormErrors, handing on the two bodies. */
export function contentFormSchema(context: ContentFormContext) {
  return z
    .custom<ContentFormValues>((value) => typeof value === 'object' && value !== null)
    .transform((values, ctx): ContentFormOutput => {
      const refused = contentFormErrors(values, context);
      for (const error of refused) {
        ctx.addIssue({
          code: 'custom',
          path: error.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          message: error.message,
          params: { rule: error.rule },
        });
      }
      if (refused.length > 0) return z.NEVER;
      return {
        body: contentCreateBody.parse(bodyOfForm(values).body),
        inspection: inspectionData.parse(values.inspection),
      };
    });
}

/** Whether the inspector wrote anything (a new vehicle sends its inspection only then). */
export function hasInspection(inspection: InspectionData): boolean {
  return (
    inspection.inspector_name !== '' ||
    inspection.inspected_on !== '' ||
    inspection.comment !== '' ||
    inspection.marks.length > 0
  );
}

/** Whether the inspection differs from the stored one (an edit sends it only then). */
export function inspectionChanged(a: InspectionData, b: InspectionData): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** The wizard's react-hook-form, as the steps take it. */
export type ContentForm = ZodForm<ReturnType<typeof contentFormSchema>>;

/**
 * What the wizard shows of the analytics tag: its switch and id while the domain's option is on; with it off (or
 * not known yet) nothing to turn on, only a note when the vehicle keeps a tag buyers' pages do not load (the server
 * keeps what is stored and refuses turning it on, rule `requires`).
 */
export function analyticsTagView(
  optionOn: boolean | undefined,
  stored: { enabled: boolean; tag: string },
): 'edit' | 'not_served' | 'hidden' {
  if (optionOn === true) return 'edit';
  return optionOn === false && stored.enabled && stored.tag !== '' ? 'not_served' : 'hidden';
}

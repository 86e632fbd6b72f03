import { z } from 'zod';
import { RUNNING_PROCESSES } from '../locks.ts';
import { PUBLICATION_STATES } from '../publication.ts';
import { emailSchema } from './account.ts';
import { idSchema } from './common.ts';
import { DEVELOPMENT_VIEW_POSITIONS } from './domain.ts';
import { ruleIssue } from './field-errors.ts';
import { phoneSchema } from './phone.ts';
import { isCalendarDate } from './statistics.ts';

/**
 * The vehicle ("content", first document section 3: Vehicle and Basic info) as the content API takes and answers
 * it. Field names are the API's (snake_case); every bound is named once here so the wizard, the CSV and the server
 * refuse the same values with the same rule.
 */

export const CONTENT_TEXT_MAX = {
  management_id: 50,
  maker: 50,
  car_name: 100,
  body_color: 30,
  engine_type: 50,
  assessment_score: 10,
  store: 100,
  bike_style: 50,
  parts_category: 50,
  chassis_number: 30,
  listing_id: 30,
} as const;

export const CONTENT_NUMBER_BOUNDS = {
  first_registration_year: { min: 1900, max: 2100 },
  first_registration_month: { min: 1, max: 12 },
  displacement: { min: 0, max: 100_000 },
  mileage: { min: 0, max: 10_000_000 },
  price: { min: 0, max: 10_000_000_000 },
} as const;

/** Steering side. */
export const HANDLES = ['right', 'left'] as const;
export const REPAIR_HISTORIES = ['yes', 'no'] as const;
/** Statutory inspection (法定点検) and vehicle inspection (車検整備): whether the price includes it. */
export const INSPECTION_INCLUSIONS = ['included', 'not_included'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters.` });
const optionalText = (max: number) => text(max).default('');
const intIn = (bounds: { min: number; max: number }) => z.int().min(bounds.min).max(bounds.max).nullable();

/** A dealer's stock number: printable, no spaces at either end, unique among a company's live vehicles. */
export const managementIdSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the management ID.' })
  .max(CONTENT_TEXT_MAX.management_id, { error: `At most ${CONTENT_TEXT_MAX.management_id} characters.` })
  .refine((v) => !/\p{Cc}/u.test(v), ruleIssue('format', 'Control characters are not allowed.'));

/** Chassis number (VIN or a Japanese frame number such as ZVW30-1234567): letters, digits and hyphens. */
export const chassisNumberSchema = z
  .string()
  .trim()
  .max(CONTENT_TEXT_MAX.chassis_number)
  .refine((v) => v === '' || /^[A-Za-z0-9-]+$/.test(v), ruleIssue('format', 'Use letters, digits and hyphens.'))
  .transform((v) => v.toUpperCase());

/** Year and month as YYYY-MM (the inspection period ends in a month, not on a day). */
export const yearMonthSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/.test(v), ruleIssue('format', 'Use YYYY-MM.'));

/** The analytics tag id of the dealer (Google tag ids). Only an id is stored, never script. */
export const analyticsTagSchema = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || /^(G|GT|AW|UA|DC)-[A-Z0-9-]{4,20}$/.test(v),
    ruleIssue('format', 'Use a tag id such as G-ABC123XYZ.'),
  );

export const LIMITED_PASSWORD_BOUNDS = { min: 4, max: 32 } as const;
export const limitedPasswordSchema = z
  .string()
  .min(LIMITED_PASSWORD_BOUNDS.min, { error: `At least ${LIMITED_PASSWORD_BOUNDS.min} characters.` })
  .max(LIMITED_PASSWORD_BOUNDS.max, { error: `At most ${LIMITED_PASSWORD_BOUNDS.max} characters.` })
  .refine((v) => /^[\x21-\x7e]+$/.test(v), ruleIssue('ascii_only'));

/** Basic info (first document section 3), every field optional but bounded. */
export const basicInfoFields = {
  maker: optionalText(CONTENT_TEXT_MAX.maker),
  handle: z.enum(HANDLES).nullable().default(null),
  car_name: optionalText(CONTENT_TEXT_MAX.car_name),
  body_color: optionalText(CONTENT_TEXT_MAX.body_color),
  first_registration_year: intIn(CONTENT_NUMBER_BOUNDS.first_registration_year).default(null),
  first_registration_month: intIn(CONTENT_NUMBER_BOUNDS.first_registration_month).default(null),
  engine_type: optionalText(CONTENT_TEXT_MAX.engine_type),
  inspection_period: yearMonthSchema.default(''),
  displacement: intIn(CONTENT_NUMBER_BOUNDS.displacement).default(null),
  mileage: intIn(CONTENT_NUMBER_BOUNDS.mileage).default(null),
  repair_history: z.enum(REPAIR_HISTORIES).nullable().default(null),
  assessment_score: optionalText(CONTENT_TEXT_MAX.assessment_score),
  price_with_tax: intIn(CONTENT_NUMBER_BOUNDS.price).default(null),
  total_price_with_tax: intIn(CONTENT_NUMBER_BOUNDS.price).default(null),
  phone: z.union([z.literal(''), phoneSchema]).default(''),
  mail: z.union([z.literal(''), emailSchema]).default(''),
  store: optionalText(CONTENT_TEXT_MAX.store),
  bike_style: optionalText(CONTENT_TEXT_MAX.bike_style),
  parts_category: optionalText(CONTENT_TEXT_MAX.parts_category),
  statutory_inspection: z.enum(INSPECTION_INCLUSIONS).nullable().default(null),
  vehicle_inspection: z.enum(INSPECTION_INCLUSIONS).nullable().default(null),
};
export type BasicInfoKey = keyof typeof basicInfoFields;
export const BASIC_INFO_KEYS = Object.keys(basicInfoFields) as BasicInfoKey[];
/** Fields only a bike shows (the user's contents_style), and only a car shows. */
export const BIKE_ONLY_FIELDS: readonly BasicInfoKey[] = ['bike_style', 'parts_category'];
export const CAR_ONLY_FIELDS: readonly BasicInfoKey[] = ['handle'];

/** The vehicle's own fields besides its basic info. */
export const vehicleFields = {
  management_id: managementIdSchema,
  chassis_number: chassisNumberSchema.default(''),
  listing_id: optionalText(CONTENT_TEXT_MAX.listing_id),
  limited_password_enabled: z.boolean().default(false),
  /** Write-only: answers say only whether one is set. Empty keeps the stored one. */
  limited_password: z.union([z.literal(''), limitedPasswordSchema]).default(''),
  analytics_tag_enabled: z.boolean().default(false),
  analytics_tag: analyticsTagSchema.default(''),
  option_display: z.boolean().default(true),
  development_view_display: z.boolean().default(false),
  development_view_position: z.enum(DEVELOPMENT_VIEW_POSITIONS).default('inside'),
  inspection_data_display: z.boolean().default(false),
  defect_display: z.boolean().default(false),
  /** Basic info keys the dealer shows to buyers. */
  basic_info_shown: z
    .array(z.enum(BASIC_INFO_KEYS as [BasicInfoKey, ...BasicInfoKey[]]))
    .max(50)
    .default([]),
};

/** The rules between fields, named by field and rule; also checked on a partial change's result (basicInfoCrossCheck). */
export function crossFieldRules(
  v: {
    first_registration_year?: number | null;
    first_registration_month?: number | null;
    price_with_tax?: number | null;
    total_price_with_tax?: number | null;
    analytics_tag_enabled?: boolean;
    analytics_tag?: string;
  },
  ctx: z.RefinementCtx,
): void {
  if (v.first_registration_month != null && v.first_registration_year == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['first_registration_year'],
      message: 'Enter the year with the month.',
      params: { rule: 'requires' },
    });
  }
  if (v.price_with_tax != null && v.total_price_with_tax != null && v.total_price_with_tax < v.price_with_tax) {
    ctx.addIssue({
      code: 'custom',
      path: ['total_price_with_tax'],
      message: 'The total price cannot be lower than the price.',
      params: { rule: 'range' },
    });
  }
  if (v.analytics_tag_enabled === true && v.analytics_tag === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['analytics_tag'],
      message: 'Enter the tag id to turn the tag on.',
      params: { rule: 'required' },
    });
  }
}

/** `POST /contents`: a new vehicle (its owner is the caller). */
export const contentCreateBody = z.strictObject({ ...vehicleFields, ...basicInfoFields }).superRefine(crossFieldRules);
export type ContentCreateBody = z.output<typeof contentCreateBody>;
export type ContentCreateInput = z.input<typeof contentCreateBody>;

/** `POST /contents/{id}` (update): the same fields, all of them sent (the wizard and the CSV send whole rows). */
export const contentUpdateBody = contentCreateBody;
export type ContentUpdateBody = ContentCreateBody;

/** The one-switch calls: `/defect_display`, `/development_view_disp`, `/cs-car-inspection-display`. */
export const contentFlagBody = z.strictObject({ id: idSchema, display: z.boolean() });
export const developmentViewPositionBody = z.strictObject({
  id: idSchema,
  position: z.enum(DEVELOPMENT_VIEW_POSITIONS),
});

// ---- Inspection data (the wizard's inspector input tab) -------------------------------------------------------

/** Body panels of the development view (the damage map), numbered in this order from 1. */
export const DEVELOPMENT_VIEW_PANELS = [
  'front_bumper',
  'bonnet',
  'windshield',
  'roof',
  'rear_glass',
  'trunk',
  'rear_bumper',
  'left_front_fender',
  'left_front_door',
  'left_rear_door',
  'left_rear_fender',
  'left_sill',
  'right_front_fender',
  'right_front_door',
  'right_rear_door',
  'right_rear_fender',
  'right_sill',
  'wheels',
] as const;
export type DevelopmentViewPanel = (typeof DEVELOPMENT_VIEW_PANELS)[number];

/** The auction-sheet damage symbols: A scratch, U dent, W repaired wave, S rust, C corrosion, P paint, X replace, XX replaced, B dent with scratch, Y crack. */
export const DAMAGE_SYMBOLS = ['A', 'U', 'W', 'S', 'C', 'P', 'X', 'XX', 'B', 'Y'] as const;
export type DamageSymbol = (typeof DAMAGE_SYMBOLS)[number];
/** Symbols that carry a level 1 (small) to 3 (large); the others stand alone. */
export const LEVELLED_SYMBOLS: readonly DamageSymbol[] = ['A', 'U', 'W', 'S', 'C', 'B', 'Y'];
export const INSPECTION_MARKS_MAX = 100;
export const INSPECTION_COMMENT_MAX = 1000;

export const inspectionMark = z
  .strictObject({
    panel: z.enum(DEVELOPMENT_VIEW_PANELS),
    symbol: z.enum(DAMAGE_SYMBOLS),
    level: z.int().min(1).max(3).nullable().default(null),
  })
  .superRefine((m, ctx) => {
    const levelled = LEVELLED_SYMBOLS.includes(m.symbol);
    if (levelled && m.level === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['level'],
        message: 'Choose a level from 1 to 3.',
        params: { rule: 'required' },
      });
    }
    if (!levelled && m.level !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['level'],
        message: 'This symbol has no level.',
        params: { rule: 'one_of' },
      });
    }
  });
export type InspectionMark = z.output<typeof inspectionMark>;

/** `POST /cs-car-inspection` body and the inspection part of a vehicle's answer. */
export const inspectionData = z.strictObject({
  inspector_name: optionalText(100),
  inspected_on: z
    .string()
    .trim()
    // A day that exists: 2026-13-45 was stored and shown to buyers as the inspection's date.
    .refine((v) => v === '' || isCalendarDate(v), ruleIssue('format', 'Use YYYY-MM-DD.'))
    .default(''),
  comment: optionalText(INSPECTION_COMMENT_MAX),
  marks: z.array(inspectionMark).max(INSPECTION_MARKS_MAX).default([]),
});
export type InspectionData = z.output<typeof inspectionData>;
export const inspectionBody = inspectionData.extend({ id: idSchema });

/** The development view's symbol for a mark: its symbol and level (`A2`), as the damage map prints it. */
export function markSymbol(mark: Pick<InspectionMark, 'symbol' | 'level'>): string {
  return mark.level === null ? mark.symbol : `${mark.symbol}${mark.level}`;
}

// ---- Answers --------------------------------------------------------------------------------------------------

/**
 * What a run does within its process, when a process runs more than one kind of work: the automatic plate blur
 * (`plates`) among the `blur` runs; the dealer's background picture (`background`), a row's rotation correction
 * (`rotation`) or every row's (`rotation_all`) among the `exterior_replace_image` runs.
 */
export const PROCESS_KINDS = ['plates', 'background', 'rotation', 'rotation_all'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

export const processAnswer = z.object({
  id: idSchema,
  process: z.enum(RUNNING_PROCESSES as [string, ...string[]]),
  kind: z.enum(PROCESS_KINDS).nullable().optional(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.int().min(0).max(100),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type ProcessAnswer = z.output<typeof processAnswer>;

export const contentOwner = z.object({ id: idSchema, name: z.string() });

/** Where a published vehicle can be seen; all null until the publishing issue builds its manifest. */
export const contentUrls = z.object({
  short_url: z.string().nullable(),
  direct_url: z.string().nullable(),
  exterior_url: z.string().nullable(),
  interior_url: z.string().nullable(),
  rider_view_url: z.string().nullable(),
  embed_code: z.string().nullable(),
  /** The vehicle's content video (the promo's 1080p MP4, else its 720p), signed like its other files; null without one. */
  contents_movie_url: z.string().nullable(),
});

/** What the media areas record about a vehicle, for the list's filters and thumbnail. */
export const contentMediaFlags = {
  has_exterior: z.boolean(),
  has_interior: z.boolean(),
  has_rider_view: z.boolean(),
  has_category_images: z.boolean(),
  has_web_negotiation: z.boolean(),
  thumbnail_url: z.string().nullable(),
};

/** The listing-service link state of a vehicle (the listing issue links; this one only reads it). */
export const LISTING_LINK_STATES = ['none', 'waiting', 'linking', 'linked', 'error'] as const;
export type ListingLinkState = (typeof LISTING_LINK_STATES)[number];

const answerVehicle = z.object(vehicleFields).omit({ limited_password: true });
const answerBasicInfo = z.object(basicInfoFields);

export const contentAnswer = answerVehicle.extend({
  ...answerBasicInfo.shape,
  ...contentMediaFlags,
  id: idSchema,
  domain_id: idSchema,
  owner: contentOwner,
  creator: contentOwner,
  /** The creator's id alone, as the list answers it: only they may run listing-site operations (section 6). */
  creator_id: idSchema,
  publication: z.enum(PUBLICATION_STATES),
  vr_mode: z.boolean(),
  limited_password_set: z.boolean(),
  listing_link: z.enum(LISTING_LINK_STATES),
  contents_style: z.enum(['car', 'bike']),
  inspection: inspectionData,
  urls: contentUrls,
  processes: z.array(processAnswer),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type ContentAnswer = z.output<typeof contentAnswer>;

/** A list row: what the list shows, without the detail's heavier parts. */
export const contentListItem = contentAnswer.pick({
  id: true,
  management_id: true,
  maker: true,
  car_name: true,
  body_color: true,
  first_registration_year: true,
  first_registration_month: true,
  chassis_number: true,
  listing_id: true,
  owner: true,
  creator_id: true,
  publication: true,
  vr_mode: true,
  /** Publishing a vehicle with its limited password on makes it limited public: the list's actions need it. */
  limited_password_enabled: true,
  listing_link: true,
  has_exterior: true,
  has_interior: true,
  has_rider_view: true,
  has_category_images: true,
  has_web_negotiation: true,
  thumbnail_url: true,
  processes: true,
  created_at: true,
  updated_at: true,
});
export type ContentListItem = z.output<typeof contentListItem>;

/** `GET check_contents_limit`: whether one more vehicle can be registered, and against which limit. */
export const contentsLimitAnswer = z.object({
  can_add: z.boolean(),
  /** Vehicles counted against the tightest limit (sleeping and deleted ones are not counted). */
  count: z.int(),
  /** The tightest limit that applies, or null when none does. */
  limit: z.int().nullable(),
  limited_by: z.enum(['user', 'domain', 'plan']).nullable(),
});
export type ContentsLimitAnswer = z.output<typeof contentsLimitAnswer>;

/** `GET /contents/is_processing/{id}`. */
export const isProcessingAnswer = z.object({ is_processing: z.boolean(), processes: z.array(processAnswer) });

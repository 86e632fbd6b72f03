import { z } from 'zod';
import { EXTERIOR_SIZES, SIDEBAR_COLOURS } from '../constants.ts';
import type { FieldError } from '../errors.ts';
import { type DomainOptions, LOGIN_LIMIT_MODES } from './domain.ts';
import { fieldErrorMap, fieldErrorsOf } from './field-errors.ts';

/**
 * The per-user settings of the "Image-system user" entity (first document section 3) and the user configuration,
 * stored as JSON on the user (users.image_system, users.configuration).
 *
 * Readings (for docs/decisions.md):
 * - A user's image-system settings start from their domain's options (content style, short URL, obvr rows,
 *   category image template, AI category images, normal-user transfer, exterior size) and only what was saved for
 *   the user overrides them, so a domain change reaches every user who never changed that setting.
 * - A user setting cannot turn on what the domain does not offer: use_short_url needs the domain's short URL,
 *   cs_join needs the listing-service link, is_category_image_template_enabled the category image template,
 *   ai_category_image_autogeneration the domain's AI option, normal_user_transfer the domain's normal-user transfer
 *   (rule `requires`). cs_autojoin needs cs_join. obvr_rows_max is at most the domain's, obvr_initial_row at most
 *   obvr_rows_max (rule `range`).
 * - cs_join_type is `listing_id` (the listing service's property code) or `car_number` (the chassis number, VIN),
 *   default from the domain's listing key type. cs_info is the listing-service account: login id, corporation code
 *   and contact code (the link key and property code belong to each vehicle).
 * - obvrimage_width is the pixel width of one exterior size (1280, 1920, 2560, 3840), default the domain's size.
 */

export const CS_JOIN_TYPES = ['listing_id', 'car_number'] as const;
export const OBVR_IMAGE_WIDTHS = EXTERIOR_SIZES.map((s) => s.width) as [1280, 1920, 2560, 3840];

const csInfoSchema = z.object({
  login_id: z.string().trim().max(100),
  corporation_code: z.string().trim().max(100),
  contact_code: z.string().trim().max(100),
});

const imageSystemFields = {
  contents_style: z.enum(['car', 'bike']),
  extendinfo_display: z.boolean(),
  use_short_url: z.boolean(),
  cs_join: z.boolean(),
  cs_autojoin: z.boolean(),
  cs_join_type: z.enum(CS_JOIN_TYPES),
  cs_info: csInfoSchema,
  is_category_image_template_enabled: z.boolean(),
  ai_category_image_autogeneration: z.boolean(),
  normal_user_transfer: z.boolean(),
  obvr_rows_max: z.int().min(1).max(10),
  obvr_initial_row: z.int().min(1).max(10),
  obvrimage_width: z.union(OBVR_IMAGE_WIDTHS.map((w) => z.literal(w))),
};

export const imageSystemSchema = z.object(imageSystemFields);
export type ImageSystem = z.output<typeof imageSystemSchema>;

/** An update: any subset of the settings (cs_info as a whole); unknown keys are refused. */
export const imageSystemPatchSchema = z.object(imageSystemFields).partial().strict();
export type ImageSystemPatch = z.output<typeof imageSystemPatchSchema>;

/** What the domain gives a user who saved nothing. */
export function imageSystemDefaults(o: DomainOptions): ImageSystem {
  const size = EXTERIOR_SIZES.find((s) => s.id === o.exterior_size) ?? EXTERIOR_SIZES[1];
  return {
    contents_style: o.content_style,
    extendinfo_display: false,
    use_short_url: o.short_url,
    cs_join: false,
    cs_autojoin: false,
    cs_join_type: o.listing_key_type === 'vin' ? 'car_number' : 'listing_id',
    cs_info: { login_id: '', corporation_code: '', contact_code: '' },
    is_category_image_template_enabled: o.category_image_template,
    ai_category_image_autogeneration: o.ai_category_image_autogeneration,
    normal_user_transfer: o.normal_user_transfer,
    obvr_rows_max: o.obvr_rows_max,
    obvr_initial_row: Math.min(o.obvr_initial_row, o.obvr_rows_max),
    obvrimage_width: size.width as ImageSystem['obvrimage_width'],
  };
}

/** The settings in force: the domain's defaults, overridden by each stored setting that is still valid. */
export function effectiveImageSystem(o: DomainOptions, stored: unknown): ImageSystem {
  const out: Record<string, unknown> = { ...imageSystemDefaults(o) };
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  for (const key of Object.keys(imageSystemFields) as (keyof typeof imageSystemFields)[]) {
    if (!(key in source)) continue;
    const one = imageSystemFields[key].safeParse(source[key]);
    if (one.success) out[key] = one.data;
  }
  const merged = out as ImageSystem;
  // A stored value the domain has since stopped offering reads as off, never as a hidden "on".
  return { ...merged, ...withoutUnoffered(o, merged) };
}

function withoutUnoffered(o: DomainOptions, s: ImageSystem): Partial<ImageSystem> {
  const out: Partial<ImageSystem> = {};
  if (!o.short_url) out.use_short_url = false;
  if (!o.listing_link) {
    out.cs_join = false;
    out.cs_autojoin = false;
  }
  if (!o.category_image_template) out.is_category_image_template_enabled = false;
  if (!o.ai_category_image_autogeneration) out.ai_category_image_autogeneration = false;
  if (!o.normal_user_transfer) out.normal_user_transfer = false;
  if (s.obvr_rows_max > o.obvr_rows_max) out.obvr_rows_max = o.obvr_rows_max;
  const rows = out.obvr_rows_max ?? s.obvr_rows_max;
  if (s.obvr_initial_row > rows) out.obvr_initial_row = rows;
  return out;
}

const requires = (field: string, message: string): FieldError => ({ field, rule: 'requires', message });

/** Apply an update to the current settings: the merged settings, or every rule the result breaks. */
export function applyImageSystemPatch(
  o: DomainOptions,
  current: ImageSystem,
  patch: unknown,
): { ok: true; settings: ImageSystem } | { ok: false; fields: FieldError[] } {
  const parsed = imageSystemPatchSchema.safeParse(patch, { error: fieldErrorMap });
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error, patch) };
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const s = { ...current, ...defined } as ImageSystem;
  const fields: FieldError[] = [];
  if (s.use_short_url && !o.short_url) {
    fields.push(requires('use_short_url', 'Short URLs are not offered on this domain.'));
  }
  if (s.cs_join && !o.listing_link) {
    fields.push(requires('cs_join', 'The listing-service link is not offered on this domain.'));
  }
  if (s.cs_autojoin && !s.cs_join) {
    fields.push(requires('cs_autojoin', 'Automatic linking needs the listing-service link (cs_join) on.'));
  }
  if (s.is_category_image_template_enabled && !o.category_image_template) {
    fields.push(
      requires('is_category_image_template_enabled', 'Category image templates are not offered on this domain.'),
    );
  }
  if (s.ai_category_image_autogeneration && !o.ai_category_image_autogeneration) {
    fields.push(
      requires('ai_category_image_autogeneration', 'Automatic category images are not offered on this domain.'),
    );
  }
  if (s.normal_user_transfer && !o.normal_user_transfer) {
    fields.push(requires('normal_user_transfer', 'Normal-user transfer is not offered on this domain.'));
  }
  if (s.obvr_rows_max > o.obvr_rows_max) {
    fields.push({
      field: 'obvr_rows_max',
      rule: 'range',
      message: `The domain allows at most ${o.obvr_rows_max} rows.`,
    });
  }
  if (s.obvr_initial_row > s.obvr_rows_max) {
    fields.push({
      field: 'obvr_initial_row',
      rule: 'range',
      message: 'The initial row must not be greater than the maximum row count.',
    });
  }
  return fields.length > 0 ? { ok: false, fields } : { ok: true, settings: s };
}

// ---- User configuration ---------------------------------------------------------------------------------------

/**
 * Preferences a user keeps across browsers (readings for docs/decisions.md):
 * - sidebar_colour: one of the sidebar colours of section 9, null for the product's default;
 * - list_conditions: the last conditions of a list screen (page size, page, sort, filters), per list, so a user
 *   finds the vehicle list as they left it on another device. Values are short scalars; at most 40 per list.
 * The console still clears its local copy at logout; the server copy is the user's preference, not a session.
 */
export const LIST_CONDITION_LISTS = ['contents', 'subordinates', 'groups', 'web_negotiation', 'mail_history'] as const;

const conditionValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const conditions = z.record(z.string().min(1).max(50), conditionValue).refine((r) => Object.keys(r).length <= 40, {
  error: 'At most 40 conditions per list.',
  params: { rule: 'max_length' },
});

export const userConfigurationSchema = z.object({
  sidebar_colour: z.enum(SIDEBAR_COLOURS).nullable(),
  list_conditions: z.partialRecord(z.enum(LIST_CONDITION_LISTS), conditions),
});
export type UserConfiguration = z.output<typeof userConfigurationSchema>;

/** An update: the given keys replace the stored ones (a list's conditions as a whole). */
export const userConfigurationPatchSchema = userConfigurationSchema.partial().strict();

export const DEFAULT_USER_CONFIGURATION: UserConfiguration = { sidebar_colour: null, list_conditions: {} };

export function readUserConfiguration(stored: unknown): UserConfiguration {
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const colour = userConfigurationSchema.shape.sidebar_colour.safeParse(source.sidebar_colour);
  const lists = userConfigurationSchema.shape.list_conditions.safeParse(source.list_conditions);
  return {
    sidebar_colour: colour.success ? colour.data : null,
    list_conditions: lists.success ? lists.data : {},
  };
}

// ---- Answers of the settings routes -----------------------------------------------------------------------

export const imageSystemAnswer = imageSystemSchema.extend({ id: z.string() });
export const userConfigurationAnswer = userConfigurationSchema.extend({ id: z.string() });

/** What the apps may do for a user (`/v1/app-management`): the domain's switches as they apply to them. */
export const appManagementAnswer = z.object({
  console: z.boolean(),
  app_login: z.boolean(),
  hotspot_app: z.boolean(),
  hotspot_browser: z.boolean(),
  async_mobile_upload: z.boolean(),
  login_limit_count: z.number().int().nullable(),
  login_limit_mode: z.enum(LOGIN_LIMIT_MODES),
  two_step_auth: z.boolean(),
  two_step_auth_enforced: z.boolean(),
});
export type AppManagementAnswer = z.output<typeof appManagementAnswer>;

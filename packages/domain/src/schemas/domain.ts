import { z } from 'zod';
import {
  DEFAULT_FRAME_COUNT,
  EXTERIOR_SIZES,
  WEB_NEGOTIATION_LIMIT_INTERVAL_DEFAULT,
  WEB_NEGOTIATION_LIMIT_INTERVALS,
  WEB_NEGOTIATION_MAX_TIME_DEFAULT_MINUTES,
  WEB_NEGOTIATION_PARTICIPANT_COUNTS,
} from '../constants.ts';
import type { FieldError } from '../errors.ts';
import { HOST_FLAGS, type HostFlag } from '../menu.ts';
import { type FieldRule, fieldErrorMap, fieldErrorsOf, ruleIssue } from './field-errors.ts';

/**
 * Domains (tenants): the host name, the company code, the white-label host flags and every option of the first
 * document's "Domain or company options", typed, bounded and with defaults.
 *
 * Readings (copied to docs/decisions.md):
 * - Host names are trimmed, lower-cased and lose one trailing dot before the check (DNS names ignore case, and
 *   "example.com." is the same host). Then: at most 253 characters; labels of a-z, 0-9 and hyphens, 1 to 63
 *   characters, not starting or ending with a hyphen; the last label not all digits (so an IP address is refused:
 *   a tenant is a name, not an address). A single label ("localhost") is allowed for on-premise and development.
 * - "A domain name must not contain multiple hyphens" is read as "no run of two or more hyphens anywhere"
 *   (`my--shop`, rule `no_repeated_hyphens`): several single hyphens (`my-car-shop`) are common in dealer names
 *   and stay allowed. As a consequence internationalised names in their ASCII form (`xn--...`) are refused; the
 *   spec's rule is older than our wish to support them, and no tenant needs one today.
 * - Company codes are exactly 4 ASCII digits (0006, 0008, ...), kept as strings so leading zeros survive.
 * - Option defaults (the spec names the options, rarely their defaults) are chosen so that a new domain behaves
 *   like a plain car dealer on the product: no AI option, no web negotiation, no listing link, no login limit,
 *   no two-step authentication, users may be added (`is_user_add` true), 36 exterior frames, Full HD exterior,
 *   a 120-minute meeting counted per month for 2 people, movie backups kept indefinitely (null).
 * - Unlimited is null: `vehicle_limit`, `web_negotiation_limit`, `movie_backup_days` (null = indefinite) and
 *   `login_limit_count` (null = no limit). 0 is a real limit ("none allowed") where the option allows it.
 * - `limit_mode` says whether `vehicle_limit` counts each user's vehicles or the whole domain's; default per domain,
 *   because the spec's rule "the vehicle registration limit of a domain cannot be lower than the vehicles already
 *   registered" speaks of the domain.
 * - Rows of a multi-row exterior are numbered from 1; `obvr_initial_row` must not exceed `obvr_rows_max`.
 * - `two_step_auth_enforced` needs `two_step_auth` (rule `requires`): enforcing a feature the domain does not
 *   offer would lock everyone out of the two-step edit screen.
 * - `web_negotiation_participants` is the number of people (2, 3 or 4), not the stored code of the spec (0 = 2,
 *   2 = 3, 1 = 4); convert with `participantsValueFor` / `participantsForValue` at the API edge that needs codes.
 * - Our bounds where the spec gives none: service name up to 100 characters; max manual hotspots 0..200
 *   (default 30); exterior frame count 8..360; exterior upload limit 1..100 videos (default 10); obvr rows 1..10;
 *   meeting limit 0..100000 per interval; meeting max time 10..480 minutes; splash 1..30 seconds (default 3);
 *   analytics tag and category image template are on/off switches (the tag itself is set per vehicle).
 * - Stored options are parsed with `domainOptionsSchema`, which fills every missing option with its default and
 *   drops keys it does not know, so options added later need no data migration. Updates use
 *   `domainOptionsPatchSchema` (strict: an unknown option is refused) and `applyDomainOptionsPatch`, which checks
 *   the cross-option rules on the merged result.
 */

// ---- Host names and company codes -------------------------------------------------------------------------

export const HOST_NAME_MAX_LENGTH = 253;
export const HOST_LABEL_MAX_LENGTH = 63;

export const HOST_NAME_MESSAGES = {
  required: 'Enter a domain name.',
  max_length: `A domain name must have at most ${HOST_NAME_MAX_LENGTH} characters.`,
  format: `A domain name is made of labels of lower-case letters, digits and hyphens (1 to ${HOST_LABEL_MAX_LENGTH} characters each, not starting or ending with a hyphen), separated by dots.`,
  no_repeated_hyphens: 'A domain name must not contain two or more hyphens in a row.',
} as const;

/** Trim, lower-case and drop one trailing dot: the form host names are stored and compared in. */
export function normaliseHostName(host: string): string {
  const h = host.trim().toLowerCase();
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The first rule one (normalised) DNS label breaks, or null. Digits-only labels are fine below the top level. */
export function hostLabelProblem(label: string): 'required' | 'format' | 'no_repeated_hyphens' | null {
  if (label === '') return 'required';
  if (label.length > HOST_LABEL_MAX_LENGTH || !LABEL.test(label)) return 'format';
  if (label.includes('--')) return 'no_repeated_hyphens';
  return null;
}

/** The first rule a (normalised) host name breaks, or null when it is valid. */
export function hostNameProblem(host: string): Extract<FieldRule, keyof typeof HOST_NAME_MESSAGES> | null {
  if (host === '') return 'required';
  if (host.length > HOST_NAME_MAX_LENGTH) return 'max_length';
  const labels = host.split('.');
  // Shape first, then hyphen runs, so "a..b" reads as a format error rather than a hyphen one.
  if (labels.some((l) => hostLabelProblem(l) === 'format' || l === '')) return 'format';
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? '')) return 'format';
  if (host.includes('--')) return 'no_repeated_hyphens';
  return null;
}

export const hostNameSchema = z
  .string()
  .transform(normaliseHostName)
  .superRefine((host, ctx) => {
    const problem = hostNameProblem(host);
    if (problem) ctx.addIssue({ code: 'custom', message: HOST_NAME_MESSAGES[problem], params: { rule: problem } });
  });

/** A single DNS label under the same rules (a company's subdomain). */
export const hostLabelSchema = z
  .string()
  .transform(normaliseHostName)
  .superRefine((label, ctx) => {
    const problem = label.includes('.') ? 'format' : hostLabelProblem(label);
    if (problem) ctx.addIssue({ code: 'custom', message: HOST_NAME_MESSAGES[problem], params: { rule: problem } });
  });

export const companyCodeSchema = z
  .string()
  .trim()
  .refine((v) => /^[0-9]{4}$/.test(v), ruleIssue('format', 'A company code is exactly 4 digits.'));

export const hostFlagSchema = z.enum(HOST_FLAGS);
/** A domain's white-label flags: each known flag at most once. */
export const hostFlagsSchema = z
  .array(hostFlagSchema)
  .refine((flags) => new Set(flags).size === flags.length, ruleIssue('format', 'A host flag is listed twice.'));

/** The stored flags a reader can rely on: a flag this version does not know is left out. */
export function knownHostFlags(flags: readonly string[]): HostFlag[] {
  return flags.filter((f): f is HostFlag => (HOST_FLAGS as readonly string[]).includes(f));
}

// ---- Options ------------------------------------------------------------------------------------------------

export const VEHICLE_LIMIT_MODES = ['per_user', 'per_domain'] as const;
export const DEVELOPMENT_VIEW_POSITIONS = ['inside', 'outside'] as const;
export const EXTERIOR_SIZE_IDS = EXTERIOR_SIZES.map((s) => s.id) as ['hd', 'full_hd', '2k', '4k'];
export const UPLOAD_TYPES = ['multiple_lines', 'group'] as const;
export const CONTENT_STYLES = ['car', 'bike'] as const;
export const LISTING_KEY_TYPES = ['property_code', 'vin'] as const;
export const AI_DETECTION_TYPES = ['parts', 'damage'] as const;
export const LOGIN_LIMIT_MODES = ['per_account', 'per_domain'] as const;
export type LoginLimitMode = (typeof LOGIN_LIMIT_MODES)[number];

export const DOMAIN_OPTION_BOUNDS = {
  service_name_max_length: 100,
  max_manual_hotspots: { min: 0, max: 200 },
  exterior_frame_count: { min: 8, max: 360 },
  exterior_upload_limit: { min: 1, max: 100 },
  obvr_rows_max: { min: 1, max: 10 },
  web_negotiation_limit: { min: 0, max: 100_000 },
  web_negotiation_max_time: { min: 10, max: 480 },
  movie_backup_days: { min: 1, max: 3650 },
  login_limit_count: { min: 1, max: 100 },
  splash_seconds: { min: 1, max: 30 },
  vehicle_limit_max: 10_000_000,
  user_registration_limit_max: 19_998,
} as const;

const B = DOMAIN_OPTION_BOUNDS;
const rangeMessage = (name: string, min: number, max: number) =>
  `${name} must be a whole number from ${min} to ${max}.`;
const intIn = (name: string, min: number, max: number) => {
  const message = rangeMessage(name, min, max);
  return z
    .int({ error: (iss) => (iss.input === undefined ? undefined : message) })
    .min(min, message)
    .max(max, message);
};
const flag = z.boolean();

/** Every option, without defaults: the shape of an update. */
export const DOMAIN_OPTION_FIELDS = {
  service_name: z
    .string()
    .trim()
    .max(B.service_name_max_length, `The service name must have at most ${B.service_name_max_length} characters.`),
  vehicle_limit: intIn('The vehicle limit', 0, B.vehicle_limit_max).nullable(),
  // How many admin and normal users the domain may register; null is "not set", which refuses CSV imports.
  user_registration_limit: intIn('The user registration limit', 0, B.user_registration_limit_max).nullable(),
  limit_mode: z.enum(VEHICLE_LIMIT_MODES),
  brightness: flag,
  background_blur: flag,
  interior_enhancement: flag,
  auto_annotation: flag,
  front_detection: flag,
  damage_detection: flag,
  development_view_position: z.enum(DEVELOPMENT_VIEW_POSITIONS),
  max_manual_hotspots: intIn('The hotspot maximum', B.max_manual_hotspots.min, B.max_manual_hotspots.max),
  hotspot_browser: flag,
  hotspot_app: flag,
  short_url: flag,
  app_login: flag,
  exterior_size: z.enum(EXTERIOR_SIZE_IDS),
  exterior_frame_count: intIn('The frame count', B.exterior_frame_count.min, B.exterior_frame_count.max),
  exterior_upload_limit: intIn('The upload limit', B.exterior_upload_limit.min, B.exterior_upload_limit.max),
  upload_type: z.enum(UPLOAD_TYPES),
  obvr_rows_max: intIn('The maximum row count', B.obvr_rows_max.min, B.obvr_rows_max.max),
  obvr_initial_row: intIn('The initial row', 1, B.obvr_rows_max.max),
  web_negotiation: flag,
  web_negotiation_limit: intIn(
    'The meeting limit',
    B.web_negotiation_limit.min,
    B.web_negotiation_limit.max,
  ).nullable(),
  web_negotiation_max_time: intIn('The meeting time', B.web_negotiation_max_time.min, B.web_negotiation_max_time.max),
  web_negotiation_limit_interval: z.enum(WEB_NEGOTIATION_LIMIT_INTERVALS),
  web_negotiation_participants: z.literal(WEB_NEGOTIATION_PARTICIPANT_COUNTS),
  content_style: z.enum(CONTENT_STYLES),
  two_step_auth: flag,
  two_step_auth_enforced: flag,
  analytics_tag: flag,
  online_payment: flag,
  listing_link: flag,
  listing_key_type: z.enum(LISTING_KEY_TYPES),
  movie_backup_days: intIn('The backup period', B.movie_backup_days.min, B.movie_backup_days.max).nullable(),
  ai_detection_type: z.enum(AI_DETECTION_TYPES),
  category_image_template: flag,
  ai_category_image_autogeneration: flag,
  inspector_input: flag,
  normal_user_transfer: flag,
  login_limit_count: intIn('The login limit', B.login_limit_count.min, B.login_limit_count.max).nullable(),
  login_limit_mode: z.enum(LOGIN_LIMIT_MODES),
  exterior_rotation_correction: flag,
  async_mobile_upload: flag,
  option_data: flag,
  is_user_add: flag,
  splash_seconds: intIn('The splash time', B.splash_seconds.min, B.splash_seconds.max),
};

type OptionFields = typeof DOMAIN_OPTION_FIELDS;
export type DomainOptions = { [K in keyof OptionFields]: z.output<OptionFields[K]> };
export type DomainOptionKey = keyof DomainOptions;

export const DEFAULT_DOMAIN_OPTIONS: Readonly<DomainOptions> = Object.freeze({
  service_name: '',
  vehicle_limit: null,
  user_registration_limit: null,
  limit_mode: 'per_domain',
  brightness: false,
  background_blur: false,
  interior_enhancement: false,
  auto_annotation: false,
  front_detection: false,
  damage_detection: false,
  development_view_position: 'inside',
  max_manual_hotspots: 30,
  hotspot_browser: true,
  hotspot_app: false,
  short_url: true,
  app_login: true,
  exterior_size: 'full_hd',
  exterior_frame_count: DEFAULT_FRAME_COUNT,
  exterior_upload_limit: 10,
  upload_type: 'multiple_lines',
  obvr_rows_max: 1,
  obvr_initial_row: 1,
  web_negotiation: false,
  web_negotiation_limit: null,
  web_negotiation_max_time: WEB_NEGOTIATION_MAX_TIME_DEFAULT_MINUTES,
  web_negotiation_limit_interval: WEB_NEGOTIATION_LIMIT_INTERVAL_DEFAULT,
  web_negotiation_participants: 2,
  content_style: 'car',
  two_step_auth: false,
  two_step_auth_enforced: false,
  analytics_tag: false,
  online_payment: false,
  listing_link: false,
  listing_key_type: 'property_code',
  movie_backup_days: null,
  ai_detection_type: 'parts',
  category_image_template: false,
  ai_category_image_autogeneration: false,
  inspector_input: false,
  normal_user_transfer: false,
  login_limit_count: null,
  login_limit_mode: 'per_account',
  exterior_rotation_correction: false,
  async_mobile_upload: false,
  option_data: false,
  is_user_add: true,
  splash_seconds: 3,
});

type WithDefaults = { [K in keyof OptionFields]: z.ZodDefault<OptionFields[K]> };

function withDefaults(): WithDefaults {
  const out: Record<string, z.ZodType> = {};
  for (const key of Object.keys(DOMAIN_OPTION_FIELDS) as DomainOptionKey[]) {
    // Each field's default is its own value in DEFAULT_DOMAIN_OPTIONS; the cast only spans the key loop.
    out[key] = (DOMAIN_OPTION_FIELDS[key] as z.ZodType).default(DEFAULT_DOMAIN_OPTIONS[key] as never);
  }
  return out as WithDefaults;
}

export const DOMAIN_OPTION_MESSAGES = {
  obvr_initial_row: 'The initial row must not be greater than the maximum row count.',
  two_step_auth_enforced: 'Two-step authentication must be on before it can be enforced.',
} as const;

/** Rules between options, checked on a whole set of options. */
function crossOptionIssues(o: DomainOptions): { path: DomainOptionKey; rule: FieldRule; message: string }[] {
  const issues: { path: DomainOptionKey; rule: FieldRule; message: string }[] = [];
  if (o.obvr_initial_row > o.obvr_rows_max) {
    issues.push({ path: 'obvr_initial_row', rule: 'range', message: DOMAIN_OPTION_MESSAGES.obvr_initial_row });
  }
  if (o.two_step_auth_enforced && !o.two_step_auth) {
    issues.push({
      path: 'two_step_auth_enforced',
      rule: 'requires',
      message: DOMAIN_OPTION_MESSAGES.two_step_auth_enforced,
    });
  }
  return issues;
}

/** A whole set of options: missing options take their defaults, unknown keys are dropped. */
export const domainOptionsSchema = z.object(withDefaults()).superRefine((o, ctx) => {
  for (const i of crossOptionIssues(o as DomainOptions)) {
    ctx.addIssue({ code: 'custom', path: [i.path], message: i.message, params: { rule: i.rule } });
  }
});

/** An update: any subset of the options, each checked on its own; an unknown option is refused. */
export const domainOptionsPatchSchema = z.object(DOMAIN_OPTION_FIELDS).partial().strict();
export type DomainOptionsPatch = z.output<typeof domainOptionsPatchSchema>;

/** Stored options (any JSON) as a complete, valid set; what cannot be read falls back to the default. */
export function readDomainOptions(stored: unknown): DomainOptions {
  const whole = domainOptionsSchema.safeParse(stored ?? {});
  if (whole.success) return whole.data as DomainOptions;
  // Keep every option that is valid on its own, so one bad value does not reset the others.
  const out: Record<string, unknown> = { ...DEFAULT_DOMAIN_OPTIONS };
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  for (const key of Object.keys(DOMAIN_OPTION_FIELDS) as DomainOptionKey[]) {
    const one = (DOMAIN_OPTION_FIELDS[key] as z.ZodType).safeParse(source[key]);
    if (one.success) out[key] = one.data;
  }
  const merged = out as DomainOptions;
  // Repair what only the combination breaks, in the direction that keeps users able to work.
  return {
    ...merged,
    obvr_initial_row: Math.min(merged.obvr_initial_row, merged.obvr_rows_max),
    two_step_auth_enforced: merged.two_step_auth_enforced && merged.two_step_auth,
  };
}

/** Apply an update to the current options: field errors when the patch or the merged result breaks a rule. */
export function applyDomainOptionsPatch(
  current: DomainOptions,
  patch: unknown,
): { ok: true; options: DomainOptions } | { ok: false; fields: FieldError[] } {
  const parsed = domainOptionsPatchSchema.safeParse(patch, { error: fieldErrorMap });
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error, patch) };
  const merged = { ...current, ...stripUndefined(parsed.data) } as DomainOptions;
  const issues = crossOptionIssues(merged);
  if (issues.length > 0) {
    return { ok: false, fields: issues.map((i) => ({ field: i.path, rule: i.rule, message: i.message })) };
  }
  return { ok: true, options: merged };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

import {
  AI_DETECTION_TYPES,
  CONTENT_STYLES,
  DEVELOPMENT_VIEW_POSITIONS,
  DOMAIN_OPTION_BOUNDS,
  type DomainOptionKey,
  EXTERIOR_SIZE_IDS,
  LISTING_KEY_TYPES,
  LOGIN_LIMIT_MODES,
  UPLOAD_TYPES,
  VEHICLE_LIMIT_MODES,
  WEB_NEGOTIATION_LIMIT_INTERVALS,
  WEB_NEGOTIATION_PARTICIPANT_COUNTS,
} from '@spinyard/domain';

/**
 * How each domain option is edited: a switch, a choice among fixed values, or a whole number within the bounds of
 * the domain package (null, where allowed, meaning unlimited). The service name is an option too but is edited
 * with the domain's basic information, so it has no control here.
 */

export type OptionKey = Exclude<DomainOptionKey, 'service_name'>;

export type OptionControl =
  | { kind: 'flag' }
  | { kind: 'choice'; values: readonly (string | number)[] }
  | { kind: 'number'; min: number; max: number; nullable: boolean };

const B = DOMAIN_OPTION_BOUNDS;
const flag: OptionControl = { kind: 'flag' };
const choice = (values: readonly (string | number)[]): OptionControl => ({ kind: 'choice', values });
const num = (bounds: { min: number; max: number }, nullable = false): OptionControl => ({
  kind: 'number',
  min: bounds.min,
  max: bounds.max,
  nullable,
});

export const OPTION_CONTROLS: Readonly<Record<OptionKey, OptionControl>> = {
  vehicle_limit: num({ min: 0, max: B.vehicle_limit_max }, true),
  user_registration_limit: num({ min: 0, max: B.user_registration_limit_max }, true),
  limit_mode: choice(VEHICLE_LIMIT_MODES),
  brightness: flag,
  background_blur: flag,
  interior_enhancement: flag,
  auto_annotation: flag,
  front_detection: flag,
  damage_detection: flag,
  development_view_position: choice(DEVELOPMENT_VIEW_POSITIONS),
  max_manual_hotspots: num(B.max_manual_hotspots),
  hotspot_browser: flag,
  hotspot_app: flag,
  short_url: flag,
  app_login: flag,
  exterior_size: choice(EXTERIOR_SIZE_IDS),
  exterior_frame_count: num(B.exterior_frame_count),
  exterior_upload_limit: num(B.exterior_upload_limit),
  upload_type: choice(UPLOAD_TYPES),
  obvr_rows_max: num(B.obvr_rows_max),
  obvr_initial_row: num({ min: 1, max: B.obvr_rows_max.max }),
  web_negotiation: flag,
  web_negotiation_limit: num(B.web_negotiation_limit, true),
  web_negotiation_max_time: num(B.web_negotiation_max_time),
  web_negotiation_limit_interval: choice(WEB_NEGOTIATION_LIMIT_INTERVALS),
  web_negotiation_participants: choice(WEB_NEGOTIATION_PARTICIPANT_COUNTS),
  content_style: choice(CONTENT_STYLES),
  two_step_auth: flag,
  two_step_auth_enforced: flag,
  analytics_tag: flag,
  online_payment: flag,
  listing_link: flag,
  listing_key_type: choice(LISTING_KEY_TYPES),
  movie_backup_days: num(B.movie_backup_days, true),
  ai_detection_type: choice(AI_DETECTION_TYPES),
  category_image_template: flag,
  ai_category_image_autogeneration: flag,
  inspector_input: flag,
  normal_user_transfer: flag,
  login_limit_count: num(B.login_limit_count, true),
  login_limit_mode: choice(LOGIN_LIMIT_MODES),
  exterior_rotation_correction: flag,
  async_mobile_upload: flag,
  option_data: flag,
  is_user_add: flag,
  splash_seconds: num(B.splash_seconds),
};

export const OPTION_SECTION_IDS = [
  'branding',
  'limits',
  'exterior',
  'ai',
  'web_negotiation',
  'security',
  'listing',
  'others',
] as const;
export type OptionSectionId = (typeof OPTION_SECTION_IDS)[number];

/** The form's sections, in order; every option is in exactly one (checked by a test). */
export const OPTION_SECTIONS: Readonly<Record<OptionSectionId, readonly OptionKey[]>> = {
  branding: ['content_style', 'splash_seconds'],
  limits: ['vehicle_limit', 'limit_mode', 'user_registration_limit', 'max_manual_hotspots', 'is_user_add'],
  exterior: [
    'exterior_size',
    'exterior_frame_count',
    'exterior_upload_limit',
    'upload_type',
    'obvr_rows_max',
    'obvr_initial_row',
    'development_view_position',
    'movie_backup_days',
    'exterior_rotation_correction',
    'async_mobile_upload',
  ],
  ai: [
    'ai_detection_type',
    'auto_annotation',
    'front_detection',
    'damage_detection',
    'brightness',
    'background_blur',
    'interior_enhancement',
    'ai_category_image_autogeneration',
  ],
  web_negotiation: [
    'web_negotiation',
    'web_negotiation_limit',
    'web_negotiation_limit_interval',
    'web_negotiation_max_time',
    'web_negotiation_participants',
  ],
  security: ['two_step_auth', 'two_step_auth_enforced', 'login_limit_count', 'login_limit_mode', 'app_login'],
  listing: ['listing_link', 'listing_key_type'],
  others: [
    'hotspot_browser',
    'hotspot_app',
    'short_url',
    'analytics_tag',
    'online_payment',
    'category_image_template',
    'inspector_input',
    'normal_user_transfer',
    'option_data',
  ],
};

/** Options that only matter while another one is on: shown disabled (and left as they are) while it is off. */
export const OPTION_DEPENDS_ON: Partial<Readonly<Record<OptionKey, OptionKey>>> = {
  two_step_auth_enforced: 'two_step_auth',
  web_negotiation_limit: 'web_negotiation',
  web_negotiation_limit_interval: 'web_negotiation',
  web_negotiation_max_time: 'web_negotiation',
  web_negotiation_participants: 'web_negotiation',
  listing_key_type: 'listing_link',
};

/** Options whose help text the catalogues carry (`options.help.<key>`). */
export const OPTIONS_WITH_HELP: readonly OptionKey[] = [
  'vehicle_limit',
  'limit_mode',
  'user_registration_limit',
  'max_manual_hotspots',
  'is_user_add',
  'splash_seconds',
  'obvr_rows_max',
  'movie_backup_days',
  'exterior_rotation_correction',
  'async_mobile_upload',
  'ai_category_image_autogeneration',
  'web_negotiation_limit',
  'two_step_auth_enforced',
  'login_limit_count',
  'login_limit_mode',
  'app_login',
  'listing_key_type',
  'option_data',
  'normal_user_transfer',
  'category_image_template',
];

export const OPTION_KEYS = Object.keys(OPTION_CONTROLS) as OptionKey[];

export const NULLABLE_OPTION_KEYS = OPTION_KEYS.filter((key) => {
  const control = OPTION_CONTROLS[key];
  return control.kind === 'number' && control.nullable;
});

import { DOMAIN_OPTION_CONTROLS, type DomainOptionKey, type OptionControl } from '@spinyard/domain';

/**
 * How each domain option is edited: the control the domain package reads from the option's schema (a switch, a
 * choice among fixed values, or a whole number within its bounds, null meaning unlimited where allowed), grouped
 * into the form's sections. The service name is an option too but is edited with the domain's basic information,
 * so it has no control here.
 */

export type OptionKey = Exclude<DomainOptionKey, 'service_name'>;

/** The controls of the option form: every option has a switch, a choice or a number, never free text. */
export type OptionFormControl = Exclude<OptionControl, { kind: 'text' }>;
export type { OptionControl };

function formControls(): Readonly<Record<OptionKey, OptionFormControl>> {
  const out: Partial<Record<OptionKey, OptionFormControl>> = {};
  for (const [key, control] of Object.entries(DOMAIN_OPTION_CONTROLS)) {
    if (key === 'service_name') continue;
    if (control.kind === 'text') throw new Error(`The domain option ${key} has no form control`);
    out[key as OptionKey] = control;
  }
  return out as Record<OptionKey, OptionFormControl>;
}

export const OPTION_CONTROLS = formControls();

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
  // Says what it cannot do: no method here is good enough (docs/decisions.md "Damage detection").
  'damage_detection',
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

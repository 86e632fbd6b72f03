import { BASIC_INFO_KEYS, type FieldError } from '@spinyard/domain';
import type { ContentStyle } from './contentForm.ts';

/**
 * The wizard's sections in the spec's order (first document, section 2). The media sections are steps the media
 * issue fills; the rider view is a bike's (an image set from the rider's seat), so only bike contents have it.
 */
const MEDIA_TAB_NAMES = [
  'exterior',
  'interior',
  'rider_view',
  'category_images',
  'video_link',
  'original_video',
] as const;
export const WIZARD_TABS = [...MEDIA_TAB_NAMES, 'basic_info', 'development_view', 'inspector'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];

/** The media steps, first in the wizard. */
export const MEDIA_TABS: readonly WizardTab[] = MEDIA_TAB_NAMES;

export function tabsFor(style: ContentStyle): WizardTab[] {
  return WIZARD_TABS.filter((tab) => tab !== 'rider_view' || style === 'bike');
}

/** The form fields (top-level paths) each tab holds; a refusal of a field marks its tab. */
const TAB_FIELDS: Partial<Record<WizardTab, readonly string[]>> = {
  basic_info: [
    'management_id',
    'chassis_number',
    'listing_id',
    ...BASIC_INFO_KEYS,
    'basic_info_shown',
    'limited_password_enabled',
    'limited_password',
    'analytics_tag_enabled',
    'analytics_tag',
    'option_display',
  ],
  development_view: ['development_view_display', 'development_view_position'],
  inspector: ['inspection_data_display', 'defect_display', 'inspection'],
};

/** The tab holding a field (`inspection.marks.2.level` is the inspector's). */
export function tabOfField(field: string): WizardTab | undefined {
  const top = field.split('.')[0] ?? field;
  return WIZARD_TABS.find((tab) => TAB_FIELDS[tab]?.includes(top));
}

/** The refusals that belong to one tab. */
export function errorsOfTab(errors: readonly FieldError[], tab: WizardTab): FieldError[] {
  return errors.filter((e) => tabOfField(e.field) === tab);
}

/** The tabs (in order) that hold at least one of the refused fields. */
export function tabsWithErrors(fields: readonly string[], tabs: readonly WizardTab[]): WizardTab[] {
  const marked = new Set(fields.map(tabOfField));
  return tabs.filter((tab) => marked.has(tab));
}

/** The media flags a stored vehicle answers (`has_exterior`, ...). */
export interface MediaFlags {
  has_exterior: boolean;
  has_interior: boolean;
  has_rider_view: boolean;
  has_category_images: boolean;
}

/**
 * The media steps a stored vehicle has media for. Video links and original videos have no flag on the vehicle,
 * so they are never ticked: a tick claims the step is done, and the wizard cannot tell.
 */
export function savedMediaOf(flags: MediaFlags): Set<WizardTab> {
  const saved = new Set<WizardTab>();
  if (flags.has_exterior) saved.add('exterior');
  if (flags.has_interior) saved.add('interior');
  if (flags.has_rider_view) saved.add('rider_view');
  if (flags.has_category_images) saved.add('category_images');
  return saved;
}

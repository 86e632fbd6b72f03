import {
  DEFAULT_DAMAGE_COLOUR,
  type HotspotAnswer,
  type HotspotFieldValues,
  hotspotUpdateBody,
} from '@spinyard/domain';

/** The form's schema: every field of a hotspot that is not its place, each one present. */
export const hotspotFormSchema = hotspotUpdateBody.required();

export const HOTSPOT_FORM_FIELDS = [
  'type',
  'icon_type',
  'title',
  'body',
  'category',
  'damage_type',
  'damage_position',
  'damage_colour',
  'video_url',
  'closeup_group_id',
] as const satisfies readonly (keyof HotspotFieldValues)[];

/** Field names as the form's labels say them, for the rule sentences. */
export const HOTSPOT_NAME_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  HOTSPOT_FORM_FIELDS.map((f) => [f, `annotations.fields.${f}`]),
);

/** The named damage colours the domain accepts (white first: the spec's default). */
export const DAMAGE_COLOURS = ['white', 'black', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'gray'] as const;

export function formValuesOf(hotspot: HotspotAnswer | null): HotspotFieldValues {
  return {
    type: hotspot && hotspot.type !== 'auto_detect' ? hotspot.type : 'image',
    icon_type: hotspot?.icon_type ?? 'standard',
    title: hotspot?.title ?? '',
    body: hotspot?.body ?? '',
    category: hotspot?.category ?? 'feature',
    damage_type: hotspot?.damage_type ?? null,
    damage_position: hotspot?.damage_position ?? null,
    damage_colour: hotspot?.damage_colour ?? DEFAULT_DAMAGE_COLOUR,
    video_url: hotspot?.video ? hotspot.video.watch_url : null,
    closeup_group_id: hotspot?.closeup_group_id ?? null,
  };
}

/** What is sent: the fields the chosen type and category use, the others emptied so nothing stale is kept. */
export function bodyOf(values: HotspotFieldValues): HotspotFieldValues {
  const damage = values.category === 'damage';
  return {
    ...values,
    damage_type: damage ? values.damage_type : null,
    damage_position: damage && values.damage_position?.trim() ? values.damage_position : null,
    video_url: values.type === 'video_link' ? values.video_url : null,
    closeup_group_id: values.type === 'closeup_360' ? values.closeup_group_id : null,
  };
}

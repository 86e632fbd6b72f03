import { z } from 'zod';
import { AI_DETECTION_TYPES, type DomainOptions } from './domain.ts';

/**
 * Which AI options are on for the caller's domain and which this server can run (issue 23): part of the exterior,
 * interior and slider answers, so the console shows an option's button only when both hold. `on` is the domain's
 * setting; `available` is whether this server has the part that runs it (background separation, rotation
 * correction and automatic annotation are being built: until their server says so, their buttons stay hidden
 * rather than answering with a refusal the dealer cannot act on).
 */

/** The domain option each AI option follows (the spec's one option "blur of background or licence plate" twice). */
const DOMAIN_FLAG = {
  front_detection: (o) => o.front_detection,
  plate_blur: (o) => o.background_blur,
  background: (o) => o.background_blur,
  rotation_correction: (o) => o.exterior_rotation_correction,
  annotation: (o) => o.auto_annotation && o.ai_detection_type === 'parts',
  damage: (o) => o.damage_detection && o.ai_detection_type === 'damage',
  interior_colour: (o) => o.brightness,
  interior_enhancement: (o) => o.interior_enhancement,
  category_images: (o) => o.ai_category_image_autogeneration,
  async_upload: (o) => o.async_mobile_upload,
} as const satisfies Record<string, (o: DomainOptions) => boolean>;

export type AiOptionId = keyof typeof DOMAIN_FLAG;
/** Every AI option the answers name, in the order the console lists them. */
export const AI_OPTION_IDS = Object.keys(DOMAIN_FLAG) as AiOptionId[];

export const aiOptionState = z.object({
  on: z.boolean().describe("The caller's domain has the option on"),
  available: z.boolean().describe('This server can run it'),
});
export type AiOptionState = z.output<typeof aiOptionState>;

export const aiOptionsAnswer = z.object({
  ...(Object.fromEntries(AI_OPTION_IDS.map((id) => [id, aiOptionState])) as Record<AiOptionId, typeof aiOptionState>),
  detection_type: z.enum(AI_DETECTION_TYPES).describe('What automatic annotation proposes: parts or damage'),
});
export type AiOptionsAnswer = z.output<typeof aiOptionsAnswer>;

/** What the answers say: each option's domain flag beside whether the server has its part (`available`). */
export function aiOptionsOf(options: DomainOptions, available: Readonly<Record<AiOptionId, boolean>>): AiOptionsAnswer {
  const states = Object.fromEntries(
    AI_OPTION_IDS.map((id) => [id, { on: DOMAIN_FLAG[id](options), available: available[id] }]),
  ) as Record<AiOptionId, AiOptionState>;
  return { ...states, detection_type: options.ai_detection_type };
}

/** The console's test: the option's button is shown. */
export const aiOptionShown = (answer: AiOptionsAnswer | undefined, id: AiOptionId): boolean =>
  answer?.[id].on === true && answer[id].available;

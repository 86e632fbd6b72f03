import { type AiOptionId, type AiOptionsAnswer, aiOptionsOf, readDomainOptions } from '@spinyard/domain';

/**
 * Which AI options this server has the part for (issue 23). The answers of the exterior, interior and slider say it
 * beside the domain's setting, and the console shows an option's button only when both hold. The car/background
 * separation (background blur or replacement, rotation correction) and the automatic annotation (parts or damage)
 * are being built in their own files (`car-*`, `parts-*`): each turns its entry on when its process can run.
 */
export const AI_PARTS_AVAILABLE: Readonly<Record<AiOptionId, boolean>> = {
  front_detection: true,
  plate_blur: true,
  background: false,
  rotation_correction: false,
  annotation: false,
  damage: false,
  interior_colour: true,
  interior_enhancement: true,
  category_images: true,
  async_upload: true,
};

/** The `ai_options` of an answer, from the vehicle's domain options as stored. */
export const aiOptionsForDomain = (domainOptions: unknown): AiOptionsAnswer =>
  aiOptionsOf(readDomainOptions(domainOptions), AI_PARTS_AVAILABLE);

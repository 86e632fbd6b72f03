import { type AiOptionId, type AiOptionsAnswer, aiOptionsOf, readDomainOptions } from '@spinyard/domain';

/**
 * Which AI options this server has the part for (issue 23). The answers of the exterior, interior and slider say it
 * beside the domain's setting, and the console shows an option's button only when both hold. The car/background
 * separation (background blur or replacement, rotation correction: `car-*`) and the automatic annotation of parts
 * (`parts-*`) run here; damage detection has no method good enough to offer (the symmetry method, `damage-*`, was
 * measured and refused: docs/decisions.md "Damage detection"; its start answers 409 ai_detector_unavailable), so its
 * button stays hidden.
 */
export const AI_PARTS_AVAILABLE: Readonly<Record<AiOptionId, boolean>> = {
  front_detection: true,
  plate_blur: true,
  background: true,
  rotation_correction: true,
  annotation: true,
  damage: false,
  interior_colour: true,
  interior_enhancement: true,
  category_images: true,
  async_upload: true,
};

/** The `ai_options` of an answer, from the vehicle's domain options as stored. */
export const aiOptionsForDomain = (domainOptions: unknown): AiOptionsAnswer =>
  aiOptionsOf(readDomainOptions(domainOptions), AI_PARTS_AVAILABLE);

import { describe, expect, it } from 'vitest';
import { AI_OPTION_IDS, type AiOptionId, aiOptionShown, aiOptionsOf } from './ai-options.ts';
import { DEFAULT_DOMAIN_OPTIONS } from './domain.ts';

const allAvailable = Object.fromEntries(AI_OPTION_IDS.map((id) => [id, true])) as Record<AiOptionId, boolean>;

describe('aiOptionsOf', () => {
  it('is off everywhere on a default domain', () => {
    const answer = aiOptionsOf(DEFAULT_DOMAIN_OPTIONS, allAvailable);
    for (const id of AI_OPTION_IDS) expect(answer[id].on, id).toBe(false);
  });

  it("follows the domain's flags: the one blur option twice, annotation and damage by the detection type", () => {
    const options = { ...DEFAULT_DOMAIN_OPTIONS, background_blur: true, auto_annotation: true, damage_detection: true };
    const parts = aiOptionsOf(options, allAvailable);
    expect([parts.plate_blur.on, parts.background.on, parts.annotation.on, parts.damage.on]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const damage = aiOptionsOf({ ...options, ai_detection_type: 'damage' }, allAvailable);
    expect([damage.annotation.on, damage.damage.on, damage.detection_type]).toEqual([false, true, 'damage']);
  });

  it('shows a button only when the option is on and the server can run it', () => {
    const options = { ...DEFAULT_DOMAIN_OPTIONS, background_blur: true };
    const answer = aiOptionsOf(options, { ...allAvailable, background: false });
    expect(aiOptionShown(answer, 'plate_blur')).toBe(true);
    expect(aiOptionShown(answer, 'background')).toBe(false);
    expect(aiOptionShown(answer, 'front_detection')).toBe(false);
    expect(aiOptionShown(undefined, 'plate_blur')).toBe(false);
  });
});

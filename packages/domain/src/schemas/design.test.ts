import { describe, expect, it } from 'vitest';
import { actor, no } from '../permissions/actor.fixture.ts';
import { canEditCustomDesign, canSeeCustomDesign } from '../permissions/design.ts';
import { contrastRatio, DEFAULT_DESIGN_COLOURS, designUpdateBody } from './design.ts';

describe('custom design', () => {
  const on = { hotspot_browser: false, hotspot_app: true };
  const off = { hotspot_browser: false, hotspot_app: false };

  it('is seen where the domain uses hotspots, changed by super, admin and master only', () => {
    expect(canSeeCustomDesign(on).ok).toBe(true);
    expect(canSeeCustomDesign(off)).toEqual(no('forbidden'));
    for (const role of ['master', 'super', 'admin'] as const) {
      expect(canEditCustomDesign(actor({ privilegeType: role }), on).ok, role).toBe(true);
    }
    expect(canEditCustomDesign(actor({ privilegeType: 'normal' }), on)).toEqual(no('forbidden'));
    expect(canEditCustomDesign(actor(), off)).toEqual(no('forbidden'));
  });

  it('takes four #RRGGBB colours and nothing else', () => {
    expect(designUpdateBody.safeParse({ colours: DEFAULT_DESIGN_COLOURS }).success).toBe(true);
    for (const bad of ['white', '#fff', 'url(x)', '#1234567']) {
      expect(designUpdateBody.safeParse({ colours: { ...DEFAULT_DESIGN_COLOURS, accent: bad } }).success, bad).toBe(
        false,
      );
    }
    expect(designUpdateBody.safeParse({ colours: { ...DEFAULT_DESIGN_COLOURS, extra: '#000000' } }).success).toBe(
      false,
    );
  });

  it('measures the panel contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio(DEFAULT_DESIGN_COLOURS.panel, DEFAULT_DESIGN_COLOURS.panel_text)).toBeGreaterThan(4.5);
  });
});

import { z } from 'zod';
import { HOTSPOT_ICON_TYPES } from './hotspots.ts';

/**
 * Custom design (first document, sections 1 and 2: "Custom design and custom annotation icons", /custom-design/edit
 * "only if hotspot browser or app use is enabled"). Readings (docs/decisions.md, "Custom design"):
 * - One design per domain: the option that opens the screen is the domain's, and the viewer of every vehicle of
 *   the domain wears it.
 * - The viewer's colours are four #RRGGBB values; the custom icons are one PNG per hotspot icon type (standard,
 *   sound, movie), checked like a hotspot's custom icon (best 80x80, transparent), replacing the standard icon
 *   (id 24) on every hotspot of that icon type that has no icon of its own.
 */

export const DESIGN_COLOUR_KEYS = ['accent', 'hotspot', 'panel', 'panel_text'] as const;
export type DesignColourKey = (typeof DESIGN_COLOUR_KEYS)[number];

/** What the viewer wears until a domain saves its own. */
export const DEFAULT_DESIGN_COLOURS: Readonly<Record<DesignColourKey, string>> = {
  accent: '#1971c2',
  hotspot: '#ffffff',
  panel: '#ffffff',
  panel_text: '#212529',
};

export const DESIGN_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const colour = z.string().regex(DESIGN_COLOUR_PATTERN, { message: 'A colour as #RRGGBB.' });

export const designColoursSchema = z.strictObject({
  accent: colour,
  hotspot: colour,
  panel: colour,
  panel_text: colour,
});
export type DesignColours = z.output<typeof designColoursSchema>;

export const designUpdateBody = z.strictObject({ colours: designColoursSchema });
export type DesignUpdateBody = z.output<typeof designUpdateBody>;

export const designIconParams = z.object({ icon_type: z.enum(HOTSPOT_ICON_TYPES) });

const iconAnswer = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const designAnswer = z.object({
  colours: designColoursSchema,
  icons: z.object({ standard: iconAnswer.nullable(), sound: iconAnswer.nullable(), movie: iconAnswer.nullable() }),
  updated_at: z.string().nullable().describe('null while the domain wears the defaults'),
  can_edit: z.boolean().describe('Whether the caller may change it (super, admin, master)'),
});
export type DesignAnswer = z.output<typeof designAnswer>;

/** The relative luminance contrast of two #RRGGBB colours (WCAG 2), for the console's warning on the panel. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const channel = (i: number) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

import {
  DESIGN_COLOUR_PATTERN,
  type DesignAnswer,
  type DesignColours,
  type PublishedInteriorHotspot,
  type PublishedManifest,
} from '@spinyard/domain';

/** The domain's custom design as the viewer wears it (modules/design: wornDesign). */
export type ViewerDesign = Pick<DesignAnswer, 'colours' | 'icons'>;

type Icon = PublishedInteriorHotspot['icon'];

/**
 * A hotspot's icon with the domain's custom icon of its type put in when the hotspot has none of its own (the
 * hotspot's own icon wins). The design is read when the page is served, so a saved design shows on every published
 * vehicle at once, without a new publication.
 */
function iconWithDesign(icon: Icon, icons: ViewerDesign['icons']): Icon {
  if (icon.url !== null) return icon;
  const custom = icons[icon.type];
  return custom ? { ...icon, url: custom.url, width: custom.width, height: custom.height } : icon;
}

/** The manifest the page carries: the published one with the design's icons put into its hotspots. */
export function manifestWithDesign(manifest: PublishedManifest, design: ViewerDesign): PublishedManifest {
  const withIcon = <H extends { icon: Icon }>(h: H): H => ({ ...h, icon: iconWithDesign(h.icon, design.icons) });
  return {
    ...manifest,
    exterior: manifest.exterior && {
      ...manifest.exterior,
      rows: manifest.exterior.rows.map((r) => ({ ...r, hotspots: (r.hotspots ?? []).map(withIcon) })),
    },
    interior: manifest.interior && {
      scenes: manifest.interior.scenes.map((s) => ({ ...s, hotspots: (s.hotspots ?? []).map(withIcon) })),
    },
  };
}

const CSS_VARIABLES: Record<keyof DesignColours, string> = {
  accent: '--accent',
  hotspot: '--hotspot',
  panel: '--panel',
  panel_text: '--panel-text',
};

/**
 * The design's colours as CSS variables for the page's head (styles.css reads them, with the defaults as fallback).
 * Each value is re-checked as #RRGGBB here, so nothing else can reach the style element. `html:root` outweighs the
 * stylesheet's `:root` wherever the two land in the head.
 */
export function designStyle(colours: DesignColours): string {
  const declarations = (Object.keys(CSS_VARIABLES) as (keyof DesignColours)[])
    .filter((key) => DESIGN_COLOUR_PATTERN.test(colours[key]))
    .map((key) => `${CSS_VARIABLES[key]}:${colours[key]}`);
  return declarations.length > 0 ? `<style>html:root{${declarations.join(';')}}</style>` : '';
}

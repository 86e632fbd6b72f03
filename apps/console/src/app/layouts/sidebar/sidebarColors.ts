import { SIDEBAR_COLOURS, type SidebarColour } from '@spinyard/domain';

export const DEFAULT_SIDEBAR_COLOR: SidebarColour = 'blue';

/**
 * The seven sidebar colours of the spec. Every shade carries white text at 4.5:1 or better (WCAG AA), and
 * hover and active states only darken it, so no choice makes the menu hard to read. `end` is the bottom of
 * the sidebar's gradient.
 */
export const SIDEBAR_PALETTE: Record<SidebarColour, { start: string; end: string }> = {
  blue: { start: '#1d4ed8', end: '#1e3a8a' },
  azure: { start: '#0369a1', end: '#0c4a6e' },
  green: { start: '#15803d', end: '#14532d' },
  orange: { start: '#c2410c', end: '#7c2d12' },
  red: { start: '#b91c1c', end: '#7f1d1d' },
  purple: { start: '#6d28d9', end: '#4c1d95' },
  black: { start: '#1f2937', end: '#030712' },
};

export function isSidebarColor(value: unknown): value is SidebarColour {
  return typeof value === 'string' && (SIDEBAR_COLOURS as readonly string[]).includes(value);
}

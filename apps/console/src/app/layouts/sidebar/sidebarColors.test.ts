import { SIDEBAR_COLOURS } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_PALETTE } from './sidebarColors.ts';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

describe('sidebar colours', () => {
  it('offers the seven colours of the spec', () => {
    expect(SIDEBAR_COLOURS).toEqual(['blue', 'azure', 'green', 'orange', 'red', 'purple', 'black']);
  });

  it.each(SIDEBAR_COLOURS)('%s carries white text at 4.5:1 or better across its gradient', (color) => {
    const { start, end } = SIDEBAR_PALETTE[color];
    expect(contrastWithWhite(start)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(end)).toBeGreaterThanOrEqual(4.5);
  });
});

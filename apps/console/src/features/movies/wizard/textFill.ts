import { captionWidth } from '@spinyard/domain';

/** The lines of a text as the schema reads them (any line break one, no spaces at the ends). */
export function textLines(text: string): string[] {
  const normal = text.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim();
  return normal === '' ? [] : normal.split('\n');
}

/** How full a text is, as the domain counts it: its lines and its widest line (full-width 1, half-width 0.5). */
export function textFill(text: string): { lines: number; widest: number } {
  const lines = textLines(text);
  return { lines: lines.length, widest: Math.max(0, ...lines.map(captionWidth)) };
}

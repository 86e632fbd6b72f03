import { CATEGORY_CAPTION_MAX_WIDTH } from './constants.ts';

/**
 * Caption width as the spec counts it: a full-width character counts 1, a half-width character 0.5.
 * Half-width means what Japanese input calls hankaku: printable ASCII (U+0020..U+007E) and half-width katakana
 * (U+FF61..U+FF9F). Everything else, including accented Latin letters and emoji, counts as full width, which
 * errs on the side of a caption that fits. Counting is by code point so a surrogate pair is one character.
 */
export function charWidth(char: string): 0.5 | 1 {
  const cp = char.codePointAt(0) ?? 0;
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xff61 && cp <= 0xff9f)) return 0.5;
  return 1;
}

export function captionWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** Removes every line break (CR, LF, CRLF, and the Unicode line and paragraph separators). */
export function removeLineBreaks(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, '');
}

/** The longest prefix of `text` whose width is at most `maxWidth`, never splitting a code point. */
export function cutToWidth(text: string, maxWidth: number): string {
  let width = 0;
  let out = '';
  for (const ch of text) {
    const w = charWidth(ch);
    if (width + w > maxWidth) break;
    width += w;
    out += ch;
  }
  return out;
}

/** A category image caption: line breaks removed, then cut at width 100. */
export function categoryCaption(text: string): string {
  return cutToWidth(removeLineBreaks(text), CATEGORY_CAPTION_MAX_WIDTH);
}

import { charWidth } from '../caption.ts';

/**
 * Where a content video's texts are drawn (issue 20), in numbers both sides read: the render (the server's
 * movie-render.ts, drawtext) and the wizard's live preview of the opening (the console), so the preview shows the
 * title and subtitle at the sizes and places the movie will. Sizes are shares of the picture's height, so the same
 * layout holds at 1080p, 720p, a preview a few hundred pixels high and the buyer's phone (a 16:9 film 390 px wide is
 * some 220 px high: the opening's title must still read there, hence its large share).
 */

export type MovieTextRole = 'title' | 'subtitle' | 'caption';

/**
 * A text line's font size as a share of the picture's height, before a block too wide or too tall for the frame is
 * scaled down to fit (a title line may hold 33 full-width characters: it then gets about 0.048 of the height).
 */
export const MOVIE_TEXT_SHARE: Readonly<Record<MovieTextRole, number>> = {
  title: 0.1,
  subtitle: 0.06,
  caption: 0.065,
};

/** Characters a Japanese line may not start with (closing marks, the long vowel, small kana). */
const NO_LINE_START = new Set([
  ...'、。，．・：；？！ー）」』】〕〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;?!)]}',
]);

/** A subtitle's size at most, as a share of its title's (the two read as title and subtitle however long). */
const SUBTITLE_UNDER_TITLE = 0.8;

/** The share of the frame's width and height a block of text may take at most. */
const FIT = { width: 0.9, height: 0.8 } as const;

/**
 * A half-width character's width in ems in the font (Latin and digits of Noto Sans JP bold run to about 0.6 em;
 * the spec's count of 0.5 would let a Latin line run past the frame).
 */
const HALF_WIDTH_EM = 0.62;

/**
 * The band laid behind the opening's lines, full width: black at this opacity over pure white leaves sRGB 0.4, so
 * white text on it has a contrast of about 5.7:1 (WCAG's 4.5:1 over any picture), before the glyphs' own outline.
 */
export const MOVIE_BAND = { color: '#000000', opacity: 0.6 } as const;

/**
 * The box drawn behind each caption line (drawtext's own box, so it fades with the text's alpha where drawbox
 * cannot): black at the band's opacity, padded around the glyphs by this share of the font size. The pad stays
 * under half the room between two lines' glyphs, so the boxes of a wrapped caption do not overlap into a darker
 * strip.
 */
export const MOVIE_CAPTION_BOX = { color: MOVIE_BAND.color, opacity: 0.6, pad: 0.25 } as const;

/** Each line's box: its font size times this. */
export const MOVIE_LINE_HEIGHT = 1.45;

/** How long the opening (its picture, title and subtitle) shows before the first part fades in. */
export const MOVIE_OPENING_SECONDS = 4.5;

/** The opening's picture zooms from 1 to 1 + this over the opening (zoompan's `zoom_in`). */
export const MOVIE_OPENING_ZOOM = 0.12;

/** The card under a picture that does not fill the frame, and the opening without any picture. */
export const MOVIE_BACKGROUND = '#0f1317';

/** The font the texts are drawn in (the npm package `@expo-google-fonts/noto-sans-jp`, its 700 weight). */
export const MOVIE_FONT = { family: 'Noto Sans JP', weight: 700 } as const;

export interface PlacedLine {
  text: string;
  role: MovieTextRole;
  /** Pixels. */
  fontSize: number;
  /** The top of the line's box, pixels from the top of the picture. */
  top: number;
  /** The box's height, pixels (the text is centred in it). */
  height: number;
  /** The outline's width, pixels. */
  border: number;
  /** A caption line's own box around its glyphs (MOVIE_CAPTION_BOX), its pad in pixels; null on the band. */
  boxPad: number | null;
}

/** The band behind a block of lines, across the whole width (MOVIE_BAND's colour and opacity), pixels. */
export interface MovieTextBand {
  top: number;
  height: number;
}

export interface MovieTextLayout {
  lines: PlacedLine[];
  /** The opening's backing; none for a caption, nor for a block without lines. */
  band: MovieTextBand | null;
}

/** A line's width in ems in the movie's font (full-width 1, half-width HALF_WIDTH_EM). */
function lineEms(text: string): number {
  let ems = 0;
  for (const ch of text) ems += charWidth(ch) === 1 ? 1 : HALF_WIDTH_EM;
  return ems;
}

/**
 * The two halves of `text` to draw it on two lines: broken at a space if it has one (never inside a word), never
 * before a closing mark; after a comma or full stop (、。) when both halves then fit `room` ems, so a sentence
 * breaks where it pauses; else where the wider half is narrowest.
 */
function halves(text: string, room: number): string[] {
  const chars = [...text];
  const spaced = chars.some((ch, i) => ch === ' ' && i > 0 && i < chars.length - 1);
  let best: { pair: string[]; wider: number; pause: boolean } = { pair: [text], wider: lineEms(text), pause: false };
  for (let i = 1; i < chars.length; i++) {
    const next = chars[i] ?? '';
    if (spaced ? next !== ' ' : NO_LINE_START.has(next) || chars[i - 1] === ' ') continue;
    const pair = [chars.slice(0, i).join('').trimEnd(), chars.slice(i).join('').trimStart()];
    if (pair.some((part) => part === '')) continue;
    const wider = Math.max(...pair.map(lineEms));
    const pause = !spaced && '、。'.includes(chars[i - 1] ?? '') && wider <= room;
    if ((pause && !best.pause) || (pause === best.pause && wider < best.wider)) best = { pair, wider, pause };
  }
  return best.pair;
}

/**
 * A caption line too wide for its share of the height at 90% of the width, broken in two (a 33-character caption
 * would otherwise shrink to under 5% of the height, some 10 px on a phone); other lines as they are.
 */
function wrapCaptions(
  lines: ReadonlyArray<{ text: string; role: MovieTextRole }>,
  frame: { width: number; height: number },
): Array<{ text: string; role: MovieTextRole }> {
  const room = (frame.width * FIT.width) / (frame.height * MOVIE_TEXT_SHARE.caption);
  return lines.flatMap((line) => {
    if (line.role !== 'caption' || lineEms(line.text) <= room) return [line];
    return halves(line.text, room).map((text) => ({ text, role: line.role }));
  });
}

/**
 * The lines of one caption placed on a picture of `frame` pixels: the block centred in the picture (the opening,
 * on its band) or ending at 90% of its height (a caption); each line centred across. Each role takes its share of
 * the height, less when its widest line would not fit the frame's width, and the whole block is scaled down alike
 * when it would not fit the height. Blank lines take no room.
 */
export function layoutMovieText(
  lines: ReadonlyArray<{ text: string; role: MovieTextRole }>,
  placement: 'center' | 'lower',
  frame: { width: number; height: number },
): MovieTextLayout {
  const { width, height } = frame;
  const shown = wrapCaptions(
    lines.filter((line) => line.text.trim() !== ''),
    frame,
  );
  // A role's lines keep one size, made smaller together when their widest line would pass the frame's width; a
  // long title does not shrink its subtitle, which stays smaller than the title all the same.
  const roleSize = (role: MovieTextRole) => {
    const ems = Math.max(0, ...shown.filter((line) => line.role === role).map((line) => lineEms(line.text)));
    const share = height * MOVIE_TEXT_SHARE[role];
    return ems > 0 ? Math.min(share, (width * FIT.width) / ems) : share;
  };
  const title = shown.some((line) => line.role === 'title') ? roleSize('title') : Number.POSITIVE_INFINITY;
  const wanted = shown.map((line) =>
    line.role === 'subtitle' ? Math.min(roleSize('subtitle'), title * SUBTITLE_UNDER_TITLE) : roleSize(line.role),
  );
  const tallest = wanted.reduce((a, b) => a + b * MOVIE_LINE_HEIGHT, 0);
  const fit = Math.min(1, tallest > 0 ? (height * FIT.height) / tallest : 1);
  const sizes = wanted.map((size) => Math.max(8, Math.floor(size * fit)));
  const boxes = sizes.map((size) => Math.round(size * MOVIE_LINE_HEIGHT));
  const block = boxes.reduce((a, b) => a + b, 0);
  let top = placement === 'center' ? Math.round((height - block) / 2) : Math.round(height * 0.9 - block);
  const placed = shown.map((line, i) => {
    const fontSize = sizes[i] ?? 8;
    const box = boxes[i] ?? 0;
    const boxPad = line.role === 'caption' ? Math.max(2, Math.round(fontSize * MOVIE_CAPTION_BOX.pad)) : null;
    const at = { ...line, fontSize, top, height: box, border: Math.max(1, Math.round(fontSize / 14)), boxPad };
    top += box;
    return at;
  });
  const first = placed[0];
  if (placement !== 'center' || !first) return { lines: placed, band: null };
  // Room above and below the lines, a share of the title's size, so the band reads as a frame around them.
  const pad = Math.round(first.fontSize * 0.35);
  const bandTop = Math.max(0, first.top - pad);
  return { lines: placed, band: { top: bandTop, height: Math.min(height, top + pad) - bandTop } };
}

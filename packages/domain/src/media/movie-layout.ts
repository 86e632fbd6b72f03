/**
 * Where a content video's texts are drawn (issue 20), in numbers both sides read: the render (the server's
 * movie-render.ts, drawtext) and the wizard's live preview of the opening (the console), so the preview shows the
 * title and subtitle at the sizes and places the movie will. Sizes are shares of the picture's height, so the same
 * layout holds at 1080p, 720p and a preview a few hundred pixels high.
 */

export type MovieTextRole = 'title' | 'subtitle' | 'caption';

/** A text line's font size as a share of the picture's height. */
export const MOVIE_TEXT_SHARE: Readonly<Record<MovieTextRole, number>> = {
  title: 0.05,
  subtitle: 0.034,
  caption: 0.04,
};

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
}

/**
 * The lines of one caption placed on a picture `height` pixels high: the block centred in the picture (the
 * opening) or ending at 90% of its height (a caption); each line centred across. Blank lines take no room.
 */
export function placeMovieLines(
  lines: ReadonlyArray<{ text: string; role: MovieTextRole }>,
  placement: 'center' | 'lower',
  height: number,
): PlacedLine[] {
  const shown = lines.filter((line) => line.text.trim() !== '');
  const sizes = shown.map((line) => Math.max(8, Math.round(height * MOVIE_TEXT_SHARE[line.role])));
  const boxes = sizes.map((size) => Math.round(size * MOVIE_LINE_HEIGHT));
  const block = boxes.reduce((a, b) => a + b, 0);
  let top = placement === 'center' ? Math.round((height - block) / 2) : Math.round(height * 0.9 - block);
  return shown.map((line, i) => {
    const fontSize = sizes[i] ?? 8;
    const box = boxes[i] ?? 0;
    const placed = { ...line, fontSize, top, height: box, border: Math.max(1, Math.round(fontSize / 14)) };
    top += box;
    return placed;
  });
}

import type { ContentMovieAnswer, ContentMovieKind } from '@spinyard/domain';
import { i18n } from '../../../i18n/i18n.ts';

/** A failed render's reason in the user's language: its catalogue code's sentence, else the general one. */
export function movieErrorText(error: ContentMovieAnswer['error']): string | null {
  if (!error) return null;
  const key = `errors.${error.code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('errors.general_error');
}

/** The dealer's name of each kind (the promo, the exterior spin's film, the interior tour). */
export const movieKindKey = (kind: ContentMovieKind) => `contentVideos.kinds.${kind}`;

/**
 * The file to play: the 720p one on a small screen (a phone on its data plan), the 1080p one otherwise; whichever
 * exists when only one does. Files come largest first.
 */
export function playedFile(files: ContentMovieAnswer['files'], small: boolean) {
  const sorted = [...files].sort((a, b) => b.height - a.height);
  return (small ? sorted.find((f) => f.height <= 720) : sorted[0]) ?? sorted[0] ?? null;
}

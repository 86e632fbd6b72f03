import {
  CONTENT_MOVIE_KINDS,
  CONTENT_MOVIE_PROCESS,
  type ContentMovieAnswer,
  type ContentMovieKind,
  type ContentMovieSettings,
  type ContentMoviesAnswer,
  ERROR_CATALOGUE,
  isErrorCode,
  MAX_ZOOM_POINTS_PER_PANORAMA,
  OPENING_IMAGE_MAX_BYTES,
  type ProcessAnswer,
  VIDEO_MAX_CATEGORY_IMAGES,
  VIDEO_OPENING_SUBTITLE_MAX_LINES,
  VIDEO_OPENING_TITLE_MAX_LINES,
  VIDEO_TEXT_MAX_CHARS,
} from '@spinyard/domain';
import { mediaUrlOf } from '../vehicle-media/media-urls.ts';
import type { ContentMovieRow, MovieSettingsRow } from './repo.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function errorOf(code: string | null): ContentMovieAnswer['error'] {
  if (code === null) return null;
  return { code, message: isErrorCode(code) ? ERROR_CATALOGUE[code].message : 'The video could not be made.' };
}

/**
 * One kind's movie as the wizard and the detail page read it. `rendering` while its process is queued or running
 * (with the process's progress); a row left `rendering` by a process that ended without switching it (a render
 * stopped by the reaper) reads as failed; `stale` when the movie would be made differently now.
 */
export function movieAnswer(
  kind: ContentMovieKind,
  row: ContentMovieRow | undefined,
  process: ProcessAnswer | undefined,
  currentHash: string,
): ContentMovieAnswer {
  const ready = row?.status === 'ready' && row.file_1080_key !== null;
  const status = process ? 'rendering' : !row ? 'none' : ready ? 'ready' : 'failed';
  const files =
    status === 'ready' && row
      ? [
          { key: row.file_1080_key, width: row.width ?? 0, height: row.height ?? 0, bytes: row.bytes_1080 },
          {
            key: row.file_720_key,
            width: Math.round(((row.width ?? 0) * 2) / 3),
            height: Math.round(((row.height ?? 0) * 2) / 3),
            bytes: row.bytes_720,
          },
        ].flatMap((f) =>
          f.key === null
            ? []
            : [{ url: mediaUrlOf(f.key), width: f.width, height: f.height, bytes: Number(f.bytes ?? 0) }],
        )
      : [];
  return {
    kind,
    status,
    progress: status === 'rendering' ? (process?.progress ?? 0) : status === 'ready' ? 100 : 0,
    duration_seconds: status === 'ready' ? (row?.duration_seconds ?? null) : null,
    files,
    poster_url: status === 'ready' && row?.poster_key ? mediaUrlOf(row.poster_key) : null,
    rendered_at: iso(row?.rendered_at ?? null),
    stale: row !== undefined && row.file_1080_key !== null && row.inputs_hash !== currentHash,
    error: status === 'failed' ? (errorOf(row?.error_code ?? null) ?? errorOf('internal_error')) : null,
  };
}

export function moviesAnswer(
  settings: ContentMovieSettings,
  saved: MovieSettingsRow | undefined,
  rows: readonly ContentMovieRow[],
  processes: readonly ProcessAnswer[],
  hashes: Record<ContentMovieKind, string>,
  music: { id: string; title: string } | null,
): ContentMoviesAnswer {
  const key = saved?.opening_image_key ?? null;
  const width = saved?.opening_image_width ?? 0;
  const height = saved?.opening_image_height ?? 0;
  return {
    settings,
    music,
    opening_image:
      key === null
        ? null
        : { width, height, renditions: { display: { width, height, jpeg: mediaUrlOf(key), webp: mediaUrlOf(key) } } },
    movies: CONTENT_MOVIE_KINDS.map((kind) =>
      movieAnswer(
        kind,
        rows.find((r) => r.kind === kind),
        processes.find(
          (p) => p.process === CONTENT_MOVIE_PROCESS[kind] && p.status !== 'succeeded' && p.status !== 'failed',
        ),
        hashes[kind],
      ),
    ),
    limits: {
      text_max_width: VIDEO_TEXT_MAX_CHARS,
      title_max_lines: VIDEO_OPENING_TITLE_MAX_LINES,
      subtitle_max_lines: VIDEO_OPENING_SUBTITLE_MAX_LINES,
      category_images_max: VIDEO_MAX_CATEGORY_IMAGES,
      zoom_points_max: MAX_ZOOM_POINTS_PER_PANORAMA,
      opening_image_max_bytes: OPENING_IMAGE_MAX_BYTES,
    },
  };
}

/** The vehicle's contents movie: the promo's 1080p file, else its 720p one; null without a promo. */
export function contentsMovieUrl(row: Pick<ContentMovieRow, 'file_1080_key' | 'file_720_key'> | undefined) {
  const key = row?.file_1080_key ?? row?.file_720_key ?? null;
  return key === null ? null : mediaUrlOf(key);
}

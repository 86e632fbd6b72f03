import type {
  ContentMovieAnswer,
  VIDEO_SITE_FIELDS,
  VideoSiteFormValues,
  VideoSiteUploadBody,
  VideoSiteVideoAnswer,
} from '@spinyard/domain';
import { i18n } from '../../../i18n/i18n.ts';

export type VideoSiteField = (typeof VIDEO_SITE_FIELDS)[number];

/** Each field's name as its label says it, for the refusals that name it. */
export const VIDEO_SITE_NAME_KEYS: Record<VideoSiteField, string> = {
  title: 'videoSharing.videoTitle',
  description: 'videoSharing.description',
  playlist_id: 'videoSharing.playlist',
  language: 'videoSharing.language',
  category_id: 'videoSharing.category',
  tags: 'videoSharing.tagsName',
  audience: 'videoSharing.audience',
  privacy: 'videoSharing.privacy',
};

/** A new upload's texts start from the vehicle's name; an edit from the video's own. */
export function videoSiteDefaults(
  video: VideoSiteVideoAnswer | null,
  title: string,
  lang: string,
): VideoSiteFormValues {
  return {
    title: video?.title ?? title,
    description: video?.description ?? '',
    playlist_id: video?.playlist_id ?? null,
    language: video ? video.language : lang === 'ja' ? 'ja' : null,
    // "Autos & Vehicles", the service's category for a vehicle's film.
    category_id: video ? video.category_id : '2',
    tags: (video?.tags ?? []).join(', '),
    audience: video?.audience ?? 'not_made_for_kids',
    privacy: video?.privacy ?? 'private',
  };
}

export interface VideoSource {
  value: string;
  label: string;
  kind: VideoSiteUploadBody['source_kind'];
  id: string;
}

/**
 * What a vehicle can put on the video site: its ready content movies first (the promo, the vehicle's contents
 * movie, at the top), then its original videos.
 */
export function videoSources(
  movies: readonly ContentMovieAnswer[],
  originals: readonly { id: string; file_name?: string | null }[],
): VideoSource[] {
  const ready = movies.filter((m) => m.status === 'ready');
  return [
    ...ready.map((m) => ({
      value: `content_movie:${m.kind}`,
      label: i18n.t(`contentVideos.kinds.${m.kind}`),
      kind: 'content_movie' as const,
      id: m.kind,
    })),
    ...originals.map((movie, index) => ({
      value: `original_video:${movie.id}`,
      label: movie.file_name ?? i18n.t('videoSharing.sourceOriginal', { n: index + 1 }),
      kind: 'original_video' as const,
      id: movie.id,
    })),
  ];
}

/** A thumbnail the service takes: a JPEG or PNG of 2 MB at most; the sentence why not, else null. */
export function thumbnailProblem(file: File | null, maxBytes: number): string | null {
  if (!file) return null;
  if (!['image/jpeg', 'image/png'].includes(file.type)) return i18n.t('videoSharing.thumbnailType');
  if (file.size > maxBytes) return i18n.t('videoSharing.thumbnailTooLarge');
  return null;
}

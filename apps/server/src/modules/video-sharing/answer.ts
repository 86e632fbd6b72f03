import type { VideoSiteVideoAnswer } from '@spinyard/domain';
import type { VideoMetadata, VideoSharing } from '../../platform/video-sharing/port.ts';
import type { VideoRow } from './repo.ts';

export function videoAnswer(row: VideoRow, site: VideoSharing): VideoSiteVideoAnswer {
  return {
    id: row.id,
    status: row.status,
    source_kind: row.source_kind as VideoSiteVideoAnswer['source_kind'],
    source_id: row.source_id,
    bytes_total: row.bytes_total === null ? null : Number(row.bytes_total),
    bytes_sent: Number(row.bytes_sent),
    video_id: row.video_id,
    url: row.video_id ? site.watchUrl(row.video_id) : null,
    title: row.title,
    description: row.description,
    playlist_id: row.playlist_id,
    language: row.language,
    category_id: row.category_id,
    tags: row.tags,
    audience: row.audience,
    privacy: row.privacy,
    has_thumbnail: row.thumbnail_key !== null,
    position: row.position,
    error_code: row.error_code,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The row's texts as the service takes them. */
export const metadataOf = (
  row: Pick<VideoRow, 'title' | 'description' | 'tags' | 'category_id' | 'language' | 'audience' | 'privacy'>,
): VideoMetadata => ({
  title: row.title,
  description: row.description,
  tags: row.tags,
  categoryId: row.category_id,
  language: row.language,
  madeForKids: row.audience === 'made_for_kids',
  privacy: row.privacy,
});

import { VIDEO_SHARING_ID_LENGTH } from '../constants.ts';

/**
 * A video link of the slider: "a video id is taken from a video-sharing link as 11 characters of letters, digits,
 * underscore or hyphen" (second document, section 5).
 *
 * Readings (docs/decisions.md, slider): the video-sharing service is YouTube, the one the product's /youtube calls
 * name. Accepted are the links people copy: `youtube.com/watch?v=<id>` (www., m., music. and youtube-nocookie.com
 * too), `youtu.be/<id>`, `/embed/<id>`, `/shorts/<id>`, `/live/<id>`, `/v/<id>`, with or without `https://`, with
 * any further query (`&t=42s`, `?si=...`); and a bare id. Anything else, including a link whose id is not exactly
 * 11 such characters, gives no id: the server refuses it naming the field `url`.
 */

const ID = new RegExp(`^[A-Za-z0-9_-]{${VIDEO_SHARING_ID_LENGTH}}$`);
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const PATH_KINDS = new Set(['embed', 'shorts', 'live', 'v']);

export function isVideoId(value: string): boolean {
  return ID.test(value);
}

/** The 11-character video id of a video-sharing link (or of a bare id), or undefined when there is none. */
export function videoIdOf(input: string): string | undefined {
  const text = input.trim();
  if (text === '' || text.length > 2048) return undefined;
  if (isVideoId(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((s) => s !== '');
  let candidate: string | undefined;
  if (SHORT_HOSTS.has(host)) {
    candidate = segments.length === 1 ? segments[0] : undefined;
  } else if (HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') candidate = url.searchParams.get('v') ?? undefined;
    else if (segments.length === 2 && PATH_KINDS.has(segments[0] ?? '')) candidate = segments[1];
  }
  return candidate !== undefined && isVideoId(candidate) ? candidate : undefined;
}

/** Where the video plays on the sharing site. */
export const videoWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

/**
 * The sharing site's own still of the video, for the console to show as an image. The server never fetches it;
 * a browser without access to the site shows the link text instead.
 */
export const videoThumbnailUrl = (id: string): string => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;

/** A video link as every answer gives it (a category image, a hotspot, the published manifest): id and both URLs. */
export interface VideoLinkAnswer {
  video_id: string;
  watch_url: string;
  thumbnail_url: string;
}

export const videoLinkAnswer = (id: string): VideoLinkAnswer => ({
  video_id: id,
  watch_url: videoWatchUrl(id),
  thumbnail_url: videoThumbnailUrl(id),
});

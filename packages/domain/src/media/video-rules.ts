import type { ErrorCode } from '../errors.ts';

/**
 * Exterior video rules (second document, section 5 "Video and audio rules"; section 8 "Video"), judged on facts
 * measured from the file by ffprobe, never on its name or declared type.
 *
 * Readings (docs/decisions.md, media):
 * - The format is the container ffprobe reports. `.mp4`, `.m4v` and `.mov` are all ISO media
 *   (`mov,mp4,m4a,3gp,3g2,mj2`), `.avi` is `avi`, `.wmv` is `asf`, `.mpeg` is an MPEG program stream (`mpeg`).
 *   Anything else ffprobe can read (Matroska, WebM, a raw stream) is `unsupported_video_format`; a file it
 *   cannot read, or one without a picture, is `video_invalid_file` (the probe's failure, mapped by the caller).
 * - Orientation is decided on the picture as shown, after the rotation flag: phones store portrait as landscape
 *   pixels turned by 90 degrees. Landscape is strictly wider than high; a square video is refused as vertical.
 * - The same aspect ratio across videos to merge: within 1 % of the first video's ratio, so 1920x1080 and
 *   1280x720 agree (and encoders' rounding such as 854x480 too) while 16:9 and 4:3 (33 % apart) do not.
 * - The minimum duration is the domain's setting, 8 seconds by default; a clip counts as long enough when it is
 *   within 0.05 s of the minimum, since containers round the last frame's length.
 * - Bounds against hostile files, checked before anything is decoded: at most 10 minutes, at most 4096x2160 (the
 *   longer side 4096, the shorter 2160: DCI 4K, what phones record at most), at most 120 frames a second.
 *   A walk-around takes well under a minute; the bounds only stop a file built to exhaust the machine.
 */

/** Facts about one video, as the media adapter's probe measures them. */
export interface VideoFacts {
  /** ffprobe's `format_name`: the container family read from the bytes. */
  container: string;
  /** Width and height of the picture as shown, after the rotation flag. */
  width: number;
  height: number;
  durationSeconds: number;
  /** Average frames per second. */
  frameRate: number;
}

export interface VideoRefusal {
  code: ErrorCode;
  /** Values the message names, for the console's translation. */
  params: Record<string, string | number>;
  /** The English sentence with its values, for `user_message`. */
  message: string;
}

/** ffprobe container names of the exterior video formats (mp4, m4v, mov, avi, wmv, mpeg). */
export const EXTERIOR_VIDEO_CONTAINERS: readonly string[] = ['mov,mp4,m4a,3gp,3g2,mj2', 'avi', 'asf', 'mpeg'];

export const DEFAULT_MIN_VIDEO_SECONDS = 8;
const DURATION_SLACK_SECONDS = 0.05;
export const ASPECT_TOLERANCE = 0.01;

export const VIDEO_BOUNDS = {
  maxSeconds: 600,
  maxLongSide: 4096,
  maxShortSide: 2160,
  maxFrameRate: 120,
} as const;

export interface ExteriorVideoOptions {
  /** The domain's minimum duration in seconds (default 8). */
  minSeconds?: number;
}

const boundsParams = {
  max_minutes: VIDEO_BOUNDS.maxSeconds / 60,
  max_width: VIDEO_BOUNDS.maxLongSide,
  max_height: VIDEO_BOUNDS.maxShortSide,
  max_fps: VIDEO_BOUNDS.maxFrameRate,
};

function outOfBounds(limit: string, found: number | string): VideoRefusal {
  const m = boundsParams;
  return {
    code: 'video_out_of_bounds',
    params: { ...m, limit, found },
    message:
      'This video is too long, too large or too fast to process ' +
      `(at most ${m.max_minutes} minutes, ${m.max_width}x${m.max_height} pixels and ${m.max_fps} frames per second).`,
  };
}

/** Which bound a video breaks, if any: duration, picture size or frame rate. */
export function videoBoundsRefusal(video: VideoFacts): VideoRefusal | undefined {
  const long = Math.max(video.width, video.height);
  const short = Math.min(video.width, video.height);
  if (!(video.durationSeconds <= VIDEO_BOUNDS.maxSeconds)) return outOfBounds('duration', video.durationSeconds);
  if (long > VIDEO_BOUNDS.maxLongSide || short > VIDEO_BOUNDS.maxShortSide)
    return outOfBounds('resolution', `${video.width}x${video.height}`);
  if (!(video.frameRate <= VIDEO_BOUNDS.maxFrameRate)) return outOfBounds('frame_rate', video.frameRate);
  return undefined;
}

/**
 * The first rule one exterior video breaks, or undefined when it may be used: the format, then the bounds
 * (nothing else is worth judging on a hostile file), then the orientation, then the duration.
 */
export function exteriorVideoRefusal(video: VideoFacts, options: ExteriorVideoOptions = {}): VideoRefusal | undefined {
  if (!EXTERIOR_VIDEO_CONTAINERS.includes(video.container)) {
    return {
      code: 'unsupported_video_format',
      params: { container: video.container },
      message: 'This video format is not supported. Use MP4, M4V, MOV, AVI, WMV or MPEG.',
    };
  }
  const bounds = videoBoundsRefusal(video);
  if (bounds) return bounds;
  if (!(video.width > video.height)) {
    return {
      code: 'video_vertical_not_allowed',
      params: { width: video.width, height: video.height },
      message: 'Vertical videos are not allowed. Use landscape videos.',
    };
  }
  const seconds = options.minSeconds ?? DEFAULT_MIN_VIDEO_SECONDS;
  if (video.durationSeconds + DURATION_SLACK_SECONDS < seconds) {
    return {
      code: 'video_too_short',
      params: { seconds, duration: Math.round(video.durationSeconds * 10) / 10 },
      message: `The video is too short. Use a video of at least ${seconds} seconds.`,
    };
  }
  return undefined;
}

/** Whether two pictures have the same aspect ratio, within the tolerance (relative to the first). */
export function sameAspect(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  const ra = a.width / a.height;
  const rb = b.width / b.height;
  return Math.abs(ra - rb) <= ra * ASPECT_TOLERANCE;
}

/**
 * The first rule a set of videos to merge into one spin breaks: each video's own rules in order (the refusal
 * names the video, counted from 1), then the same aspect ratio as the first video.
 */
export function exteriorVideosRefusal(
  videos: readonly VideoFacts[],
  options: ExteriorVideoOptions = {},
): VideoRefusal | undefined {
  for (const [i, video] of videos.entries()) {
    const refusal = exteriorVideoRefusal(video, options);
    if (refusal) return { ...refusal, params: { ...refusal.params, video: i + 1 } };
  }
  const first = videos[0];
  if (!first) return undefined;
  const odd = videos.findIndex((v) => !sameAspect(first, v));
  if (odd === -1) return undefined;
  const other = videos[odd] as VideoFacts;
  return {
    code: 'video_aspect_mismatch',
    params: {
      video: odd + 1,
      expected: `${first.width}x${first.height}`,
      found: `${other.width}x${other.height}`,
    },
    message: 'Videos to be merged must have the same aspect ratio.',
  };
}

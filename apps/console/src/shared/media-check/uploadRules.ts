import {
  categoryImageRefusal,
  type ErrorCode,
  EXTERIOR_VIDEO_CONTAINERS,
  exteriorVideoRefusal,
  hotspotAudioRefusal,
  type MeasuredPicture,
  panoramaRefusal,
  pictureFileRefusal,
  replacementImageRefusal,
  riderViewImageRefusal,
  statusOf,
  videoBoundsRefusal,
} from '@spinyard/domain';
import { ISO_MEDIA } from './fileHeader.ts';

/**
 * Which server rule an upload field answers to, judged in the browser on the file's own facts before a byte is
 * sent. The rules are the domain's (packages/domain/src/media), the ones the server applies after the upload; the
 * console declares none of its own. What the browser cannot measure (a frame rate, a container it does not know,
 * a picture it cannot read) is left to the server: a file is refused here only when the server would refuse it.
 */
export type UploadRule =
  | { kind: 'exterior_video'; minSeconds: number; maxBytes: number }
  | { kind: 'panorama'; maxBytes: number }
  | { kind: 'category_image'; maxBytes: number }
  | { kind: 'rider_view_image'; maxBytes: number }
  /** Hotspot and original videos: the size and the domain's bounds (duration, picture size). */
  | { kind: 'video'; maxBytes: number }
  /** A hotspot's annotation image (JPEG or PNG), an icon (a hotspot's or the design's: PNG), a frame's replacement. */
  | { kind: 'hotspot_image' | 'icon' | 'replacement_image'; maxBytes: number }
  /** A hotspot's audio: MP3 or M4A, at most the domain's length. */
  | { kind: 'hotspot_audio'; maxBytes: number }
  /** Any other file: its size. */
  | { kind: 'file'; maxBytes: number };

/** What the browser read of a file: its size, and (when asked for and readable) its header and its picture. */
export interface FileFacts {
  bytes: number;
  picture?: MeasuredPicture;
  /** ffprobe's name for the container the first bytes show, when they show one we know. */
  container?: string | undefined;
  /** The picture as shown (after the rotation flag) and the duration, when the browser could read them. */
  video?: { width: number; height: number; durationSeconds: number } | undefined;
  /** A sound's container by its first bytes, and its duration when the browser could read it. */
  audio?: { container: string | undefined; durationSeconds: number | undefined };
}

/** A refusal in the server's error shape: the status, code and values the server answers for the same file. */
export interface UploadRefusal {
  status: number;
  code: ErrorCode;
  params: Record<string, string | number>;
  message: string;
}

/** What a rule needs read from the file besides its size. */
export function factsNeeded(rule: UploadRule): 'picture' | 'video' | 'audio' | 'none' {
  switch (rule.kind) {
    case 'panorama':
    case 'category_image':
    case 'rider_view_image':
    case 'hotspot_image':
    case 'icon':
    case 'replacement_image':
      return 'picture';
    case 'hotspot_audio':
      return 'audio';
    case 'exterior_video':
    case 'video':
      return 'video';
    case 'file':
      return 'none';
  }
}

const tooLarge = (maxBytes: number): UploadRefusal => ({
  status: 413,
  code: 'file_too_large',
  params: { max_bytes: maxBytes },
  message: 'The file is too large.',
});

/** The domain's refusal with the status the server's catalogue gives its code. */
const asRefusal = (
  r: { code: ErrorCode; params: Record<string, string | number>; message: string } | null | undefined,
): UploadRefusal | undefined => (r ? { status: statusOf(r.code), ...r } : undefined);

function exteriorVideo(rule: { minSeconds: number }, facts: FileFacts): UploadRefusal | undefined {
  const { container, video } = facts;
  const unsupported = container !== undefined && !EXTERIOR_VIDEO_CONTAINERS.includes(container);
  if (!video && !unsupported) return undefined;
  return asRefusal(
    exteriorVideoRefusal(
      {
        // A container the header does not show is the server's to judge; the rest is judged here.
        container: container ?? ISO_MEDIA,
        width: video?.width ?? 0,
        height: video?.height ?? 0,
        durationSeconds: video?.durationSeconds ?? 0,
        // Not measurable in a browser: the server checks it.
        frameRate: 0,
      },
      { minSeconds: rule.minSeconds },
    ),
  );
}

/**
 * The first rule the file breaks, as the server would answer it, or undefined when the browser finds none. A
 * picture whose size the header does not give (a JPEG with its size past the bytes read) is left to the server.
 */
export function uploadRefusal(rule: UploadRule, facts: FileFacts): UploadRefusal | undefined {
  if (facts.bytes > rule.maxBytes) return tooLarge(rule.maxBytes);
  // A JPEG whose size is past the bytes read is the server's to measure.
  const picture =
    facts.picture && (facts.picture.width !== undefined || facts.picture.mime !== 'image/jpeg') ? facts.picture : null;
  switch (rule.kind) {
    case 'exterior_video':
      return exteriorVideo(rule, facts);
    case 'video': {
      const v = facts.video;
      const bounds = v ? videoBoundsRefusal({ container: facts.container ?? '', frameRate: 0, ...v }) : undefined;
      return asRefusal(bounds);
    }
    case 'panorama': {
      const r = picture ? panoramaRefusal(picture) : null;
      return asRefusal(r);
    }
    case 'category_image': {
      const r = picture ? categoryImageRefusal(picture) : undefined;
      return asRefusal(r);
    }
    case 'rider_view_image': {
      const r = picture ? riderViewImageRefusal(picture) : undefined;
      return asRefusal(r);
    }
    case 'hotspot_image':
    case 'icon':
      return asRefusal(picture ? pictureFileRefusal(rule.kind, picture) : undefined);
    case 'replacement_image':
      return asRefusal(picture ? replacementImageRefusal(picture) : undefined);
    case 'hotspot_audio': {
      // Bytes no sound file we know starts with are the server's to judge (ffprobe reads more than a header).
      const container = facts.audio?.container;
      return asRefusal(container ? hotspotAudioRefusal({ ...facts.audio, container }) : undefined);
    }
    case 'file':
      return undefined;
  }
}

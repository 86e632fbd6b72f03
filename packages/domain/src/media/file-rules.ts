import { AUDIO_TRACK_MAX_SECONDS } from '../schemas/audio-library.ts';
import { REPLACE_IMAGE_MAX, REPLACE_IMAGE_MIME_TYPES } from '../schemas/exterior.ts';
import { HOTSPOT_LIMITS } from '../schemas/hotspots.ts';
import { IMAGE_MAX_PIXELS, imagePixelsRefusal } from './image-pixels.ts';

/**
 * The rules of a hotspot's image, icon and audio, a design icon and an exterior frame's replacement, judged on what
 * a file declares (its type, the size its header gives, an audio's container and duration). The server applies
 * them after measuring the upload; the console applies them to what the browser reads of the file before a byte
 * is sent, so both refuse the same file with the same code and values.
 */

export interface FileRuleRefusal {
  code: 'unsupported_image_format' | 'image_dimensions_invalid' | 'unsupported_audio_format' | 'audio_too_long';
  params: Record<string, string | number>;
  message: string;
}

/** A picture as measured: its type by content and the size its header declares (undefined when unread). */
export interface DeclaredPicture {
  mime: string;
  width: number | undefined;
  height: number | undefined;
}

/** A hotspot's annotation image is a JPEG or PNG; an icon (a hotspot's or the design's) a PNG. */
export type PictureSlot = 'hotspot_image' | 'icon';

/**
 * The first rule a hotspot image or an icon breaks: its type, the decoding bound (IMAGE_MAX_PIXELS), and an icon's
 * largest side. A picture whose size is unknown is refused by type only when the type is wrong; its size is the
 * measurer's to find (the server decodes the header; the browser leaves it to the server).
 */
export function pictureFileRefusal(slot: PictureSlot, picture: DeclaredPicture): FileRuleRefusal | undefined {
  const allowed = slot === 'hotspot_image' ? ['image/jpeg', 'image/png'] : ['image/png'];
  if (!allowed.includes(picture.mime)) {
    return {
      code: 'unsupported_image_format',
      params: { allowed: slot === 'hotspot_image' ? 'jpeg,png' : 'png' },
      message: slot === 'hotspot_image' ? 'Use a JPEG or PNG image.' : 'Use a PNG image (best 80x80, transparent).',
    };
  }
  const { width, height } = picture;
  if (width === undefined || height === undefined) return undefined;
  const pixels = imagePixelsRefusal({ width, height }, IMAGE_MAX_PIXELS);
  if (pixels) return pixels;
  if (slot === 'icon' && Math.max(width, height) > HOTSPOT_LIMITS.iconMaxSide) {
    return {
      code: 'image_dimensions_invalid',
      params: {
        rule: 'max_dimensions',
        max: HOTSPOT_LIMITS.iconMaxSide,
        best: HOTSPOT_LIMITS.iconBestSide,
        width,
        height,
      },
      message: `An icon is at most ${HOTSPOT_LIMITS.iconMaxSide} pixels a side (best ${HOTSPOT_LIMITS.iconBestSide}x${HOTSPOT_LIMITS.iconBestSide}).`,
    };
  }
  return undefined;
}

/** A frame's replacement: a JPEG or PNG that fits inside REPLACE_IMAGE_MAX (both sides included). */
export function replacementImageRefusal(picture: DeclaredPicture): FileRuleRefusal | undefined {
  if (!(REPLACE_IMAGE_MIME_TYPES as readonly string[]).includes(picture.mime)) {
    return {
      code: 'unsupported_image_format',
      params: { formats: 'jpeg, png' },
      message: 'Use a JPEG or PNG image.',
    };
  }
  const { width, height } = picture;
  if (width === undefined || height === undefined) return undefined;
  if (width <= REPLACE_IMAGE_MAX.width && height <= REPLACE_IMAGE_MAX.height) return undefined;
  return {
    code: 'image_dimensions_invalid',
    params: {
      rule: 'max_dimensions',
      max_width: REPLACE_IMAGE_MAX.width,
      max_height: REPLACE_IMAGE_MAX.height,
      width,
      height,
    },
    message: `The replacement image must fit inside ${REPLACE_IMAGE_MAX.width}x${REPLACE_IMAGE_MAX.height} (it is ${width}x${height}).`,
  };
}

/** ffprobe's name of the ISO media family (MP4, MOV, M4A). */
const ISO_MEDIA = 'mov,mp4,m4a,3gp,3g2,mj2';
/** The 120-second bound, with the slack of a container's rounding. */
export const AUDIO_SLACK_SECONDS = 0.05;

/** What is known of an audio file: its container as ffprobe names it, and (when known) its codec and duration. */
export interface AudioFacts {
  container: string;
  /** Unknown in a browser: only the container is judged then. */
  codec?: string | undefined;
  hasVideo?: boolean | undefined;
  durationSeconds?: number | undefined;
}

/** The stored format of a hotspot's audio (MP3, or AAC/ALAC/MP3 in an M4A), or undefined when it is neither. */
export function hotspotAudioFormat(audio: AudioFacts): 'mp3' | 'm4a' | undefined {
  if (audio.hasVideo) return undefined;
  const codecIs = (...codecs: string[]) => audio.codec === undefined || codecs.includes(audio.codec);
  if (audio.container === 'mp3' && codecIs('mp3')) return 'mp3';
  if (audio.container === ISO_MEDIA && codecIs('aac', 'alac', 'mp3')) return 'm4a';
  return undefined;
}

/** The first rule a hotspot's audio breaks: MP3 or M4A, at most HOTSPOT_LIMITS.audioMaxSeconds long. */
export function hotspotAudioRefusal(audio: AudioFacts): FileRuleRefusal | undefined {
  if (!hotspotAudioFormat(audio)) {
    return {
      code: 'unsupported_audio_format',
      params: { allowed: 'mp3,m4a' },
      message: 'Use an MP3 or M4A audio file.',
    };
  }
  return audioLengthRefusal(audio, HOTSPOT_LIMITS.audioMaxSeconds);
}

/** ffprobe's name of the WAV container. */
const WAV = 'wav';

/** The format of a background music file (a hotspot's formats, or PCM in a WAV), or undefined when it is neither. */
export function backgroundMusicFormat(audio: AudioFacts): 'mp3' | 'm4a' | 'wav' | undefined {
  if (audio.hasVideo) return undefined;
  if (audio.container === WAV) return audio.codec === undefined || audio.codec.startsWith('pcm_') ? 'wav' : undefined;
  return hotspotAudioFormat(audio);
}

/** The first rule a background music file breaks: MP3, M4A or WAV, at most AUDIO_TRACK_MAX_SECONDS long. */
export function backgroundMusicRefusal(audio: AudioFacts): FileRuleRefusal | undefined {
  if (!backgroundMusicFormat(audio)) {
    return {
      code: 'unsupported_audio_format',
      params: { allowed: 'mp3,m4a,wav' },
      message: 'Use an MP3, M4A or WAV audio file.',
    };
  }
  return audioLengthRefusal(audio, AUDIO_TRACK_MAX_SECONDS);
}

function audioLengthRefusal(audio: AudioFacts, max: number): FileRuleRefusal | undefined {
  if (audio.durationSeconds !== undefined && audio.durationSeconds > max + AUDIO_SLACK_SECONDS) {
    return {
      code: 'audio_too_long',
      params: { max_seconds: max, duration: Math.round(audio.durationSeconds * 10) / 10 },
      message: `The audio must be ${max} seconds or shorter.`,
    };
  }
  return undefined;
}

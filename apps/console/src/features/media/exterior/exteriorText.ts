import {
  describeErrorResponse,
  EXTERIOR_VIDEO_MAX_BYTES,
  type ExteriorAnswer,
  isUploadStatus,
  normaliseUploadStatus,
  REPLACE_IMAGE_MAX,
  VIDEO_BOUNDS,
} from '@spinyard/domain';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { i18n } from '../../../i18n/i18n.ts';

/**
 * The exterior's texts outside React: an upload state as the spec names it, a size, and a refused file in the
 * user's language with the values its message names (the minimum seconds, the bounds, the size limit).
 */

/** An upload state (any case; media_convert_in_progress reads as progressing); an unknown one is shown as it is. */
export function uploadStatusText(raw: string): string {
  const status = normaliseUploadStatus(raw);
  return isUploadStatus(status) ? i18n.t(`exterior.uploadStatus.${status}`) : raw;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes for people: 1 decimal from KB on (1 KB = 1024 B), in the user's number format. */
export function formatBytes(bytes: number, language = i18n.language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNITS[unit]}`;
}

type Settings = Pick<ExteriorAnswer['settings'], 'min_seconds' | 'max_bytes'> &
  Partial<Pick<ExteriorAnswer['settings'], 'upload_limit'>> & { max_rows?: number };

/** The values a video refusal's message names, from the answer's settings and the domain's bounds. */
function videoParams(settings: Settings | undefined): Record<string, string | number> {
  return {
    seconds: settings?.min_seconds ?? 8,
    max_minutes: VIDEO_BOUNDS.maxSeconds / 60,
    max_width: VIDEO_BOUNDS.maxLongSide,
    max_height: VIDEO_BOUNDS.maxShortSide,
    max_fps: VIDEO_BOUNDS.maxFrameRate,
    max_bytes: settings?.max_bytes ?? EXTERIOR_VIDEO_MAX_BYTES,
    max_size: formatBytes(settings?.max_bytes ?? EXTERIOR_VIDEO_MAX_BYTES),
  };
}

/** A refused upload or call in the user's language. 413 and 415 name the file's problem in exterior words. */
export function exteriorErrorText(error: ApiError, settings?: Settings): string {
  const code = error.code;
  if (error.status === 413 || code === 'file_too_large' || code === 'payload_too_large') {
    return i18n.t('exterior.errors.tooLarge', {
      max: formatBytes(Number(error.params.max_bytes) || (settings?.max_bytes ?? EXTERIOR_VIDEO_MAX_BYTES)),
    });
  }
  if (code === 'unsupported_video_format' || (error.status === 415 && code === undefined)) {
    return i18n.t('exterior.errors.notVideo');
  }
  if (code === 'upload_over_limit') {
    return i18n.t('exterior.errors.overLimit', { limit: error.params.limit ?? settings?.upload_limit ?? '' });
  }
  if (code?.startsWith('video_') && i18n.exists(`errors.${code}`)) {
    return i18n.t(`errors.${code}`, { ...videoParams(settings), ...error.params });
  }
  if (code === 'image_dimensions_invalid') {
    return i18n.t('exterior.errors.replaceSize', {
      width: error.params.max_width ?? REPLACE_IMAGE_MAX.width,
      height: error.params.max_height ?? REPLACE_IMAGE_MAX.height,
    });
  }
  if (error.status === 0) return i18n.t('exterior.errors.network');
  if (error.fields.some((f) => f.rule === 'max_rows')) {
    return i18n.t('exterior.errors.maxRows', { max: settings?.max_rows ?? 1 });
  }
  return apiErrorText(error);
}

/** A catalogue code stored on an upload (`error_code`) or a process (`code: text`) in the user's language. */
export function exteriorCodeText(code: string, settings?: Settings): string {
  const body = { error: { code } };
  return exteriorErrorText(new ApiError(422, body, describeErrorResponse(422, body)), settings);
}

/** A process's error as the server stores it (`code: English text`): the code in the user's language, else the text. */
export function processErrorText(error: string, settings?: Settings): string {
  const code = /^([a-z0-9_]+): /.exec(error)?.[1];
  if (!code) return error;
  if (code === 'worker_lost') return i18n.t('contentsDetail.workerLost');
  return i18n.exists(`errors.${code}`) ? exteriorCodeText(code, settings) : error;
}

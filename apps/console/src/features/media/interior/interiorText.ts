import { INTERIOR_MAX_BYTES, INTERIOR_MAX_SCENES } from '@spinyard/domain';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { formatBytes } from '../exterior/exteriorText.ts';

/**
 * A refused interior call in the user's language, with the values its message names: the panorama's size and the
 * rule it broke (2:1, the bounds), the format, the file size and scene limits, the domain's enhancement option.
 * Anything else reads as the catalogue says (content_locked names the running process).
 */
export function interiorErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.general_error');
  const { code, params } = error;
  if (code === 'image_dimensions_invalid') {
    const rule = String(params.rule ?? '');
    if (i18n.exists(`interior.errors.${rule}`)) return i18n.t(`interior.errors.${rule}`, params);
  }
  if (code === 'unsupported_image_format' || (error.status === 415 && code === undefined)) {
    return i18n.t('interior.errors.format');
  }
  if (code === 'file_too_large') {
    return i18n.t('interior.errors.tooLarge', { max: formatBytes(Number(params.max_bytes ?? INTERIOR_MAX_BYTES)) });
  }
  if (code === 'upload_over_limit') {
    return i18n.t('interior.errors.overLimit', { limit: params.limit ?? INTERIOR_MAX_SCENES });
  }
  if (code === 'forbidden' && params.reason === 'interior_enhancement_off') return i18n.t('interior.errors.enhanceOff');
  if (error.status === 0) return i18n.t('interior.errors.network');
  return apiErrorText(error);
}

/** A process name in the user's words (`processes.<name>`). */
export const processName = (process: string): string =>
  i18n.exists(`processes.${process}`) ? i18n.t(`processes.${process}`) : process;

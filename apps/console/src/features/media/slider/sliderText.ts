import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { refusalOf } from '../../../components/refusal.ts';
import { i18n } from '../../../i18n/i18n.ts';

/**
 * Why a file was refused, in the user's language: the size rule the picture broke (aspect ratio, width, landscape)
 * where the catalogue's sentence would be vague, else the catalogue's text of the code (content_locked names the
 * process). A refusal that ends the session is handled as everywhere (refusalOf).
 */
export function fileRefusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors.general_error');
  if (error.description.action === 'logout') {
    refusalOf(error);
    return apiErrorText(error);
  }
  const rule = error.params.rule;
  if (error.code === 'image_dimensions_invalid' && typeof rule === 'string' && i18n.exists(`slider.refusal.${rule}`)) {
    return i18n.t(`slider.refusal.${rule}`, error.params);
  }
  if (error.code === 'file_too_large' && typeof error.params.max_bytes === 'number') {
    return i18n.t('slider.refusal.tooLarge', { mb: Math.round(error.params.max_bytes / 1024 / 1024) });
  }
  if (error.status === 422 && error.fields.length > 0) {
    return error.fields
      .map((f) => (i18n.exists(`slider.refusal.${f.rule}`) ? i18n.t(`slider.refusal.${f.rule}`) : f.message))
      .join('\n');
  }
  return apiErrorText(error);
}

/** A refusal that is not about a file (a delete, an order, a caption), shown as a message. */
export function notifyRefusal(error: unknown): void {
  refusalOf(error, (e) => apiErrorText(e));
}

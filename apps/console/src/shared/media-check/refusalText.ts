import type { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { i18n } from '../../i18n/i18n.ts';

/**
 * A refusal of the browser's check in the user's language, naming the field and the rule with the file's own values
 * ("Audio: the sound lasts 125 s; the limit is 120 s"). A refusal this table does not know reads as the server's.
 */
const MB = 1024 * 1024;

/** The catalogue key of a refusal: its code, or for a picture's size the rule it broke. */
function keyOf(error: ApiError): string {
  const { code, params } = error;
  if (code !== 'image_dimensions_invalid') return `mediaCheck.${code}`;
  if (params.rule === 'max_pixels') return 'mediaCheck.max_pixels';
  return params.max_width !== undefined ? 'mediaCheck.replace_box' : 'mediaCheck.icon_side';
}

export function mediaRefusalText(error: ApiError, field: string, file: File): string {
  const key = keyOf(error);
  if (!i18n.exists(key)) return `${field}: ${apiErrorText(error)}`;
  const p = error.params;
  const allowed = String(p.allowed ?? p.formats ?? '');
  return i18n.t(key, {
    ...p,
    field,
    formats: allowed.toUpperCase().replace(/, ?/g, ' / '),
    size: (Math.round((file.size / MB) * 10) / 10).toLocaleString(i18n.language),
    max:
      typeof p.max_bytes === 'number'
        ? (Math.round((p.max_bytes / MB) * 10) / 10).toLocaleString(i18n.language)
        : p.max,
    megapixels: typeof p.max_pixels === 'number' ? Math.floor(p.max_pixels / 1_000_000) : undefined,
  });
}

/** A file refused in the browser, thrown with its words where a write's errors are caught and shown. */
export class BrowserRefusal extends Error {}

import { type ErrorCode, imagePixelsRefusal } from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { ImageDecodeError } from '../../platform/media/media.ts';

/** A rule an uploaded file broke, as the domain's rules answer it (`params.rule` names the rule). */
export interface FileRuleRefusal {
  code: ErrorCode;
  params: Record<string, string | number>;
  message: string;
}

/** The refusal of the uploaded file itself: the field `file`, the rule it broke, the limit in `params`. */
export function fileRefusal(r: FileRuleRefusal): AppError {
  const rule = typeof r.params.rule === 'string' ? r.params.rule : r.code;
  return new AppError(r.code, { params: r.params, message: r.message, fields: [fieldError('file', rule, r.message)] });
}

/**
 * A picture the media adapter would not decode, as the catalogue's refusal: 422 either way (its type was accepted;
 * its declared size or its data is what is wrong), never 415 or 500. Anything else is passed on as it is.
 */
export function decodeRefusal(error: unknown): unknown {
  if (!(error instanceof ImageDecodeError)) return error;
  const pixels = error.size && imagePixelsRefusal(error.size, error.size.maxPixels);
  if (pixels) return fileRefusal(pixels);
  return fileRefusal({
    code: 'image_load_error',
    params: { rule: 'decodable' },
    message: 'The image could not be read: the file is damaged or cut short.',
  });
}

/** `work` (a decode through Media), its decoder's refusal turned into the catalogue's. */
export async function decodedOrRefused<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw decodeRefusal(error);
  }
}

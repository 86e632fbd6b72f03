import { type ErrorCode, imagePixelsRefusal, type PictureSlot, pictureFileRefusal } from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { ImageDecodeError, type Media } from '../../platform/media/media.ts';

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

/** A domain rule's refusal as the server answers it: a size rule names the field `file` and the rule. */
export function ruleError(r: FileRuleRefusal | undefined): AppError {
  if (!r) return new AppError('internal_error');
  if (r.code === 'image_dimensions_invalid') return fileRefusal(r);
  return new AppError(r.code, { params: r.params, message: r.message });
}

/**
 * A hotspot's image or an icon (a hotspot's or the design's) judged by the domain's rule, the one the console
 * applies before sending (type by content, decoding bound, an icon's side), on what its header declares: answers
 * its size, or refuses with the rule's code (a picture whose size cannot be read as no picture of its type).
 */
export async function judgedPicture(
  media: Media,
  data: Buffer,
  slot: PictureSlot,
): Promise<{ width: number; height: number }> {
  const measured = await media.measureImage(data);
  const refused = pictureFileRefusal(slot, measured);
  if (refused) throw ruleError(refused);
  if (measured.width === undefined || measured.height === undefined) {
    throw ruleError(pictureFileRefusal(slot, { ...measured, mime: '' }));
  }
  return { width: measured.width, height: measured.height };
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

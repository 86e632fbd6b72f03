import type { FieldError } from '@spinyard/domain';

/**
 * `Upload-Metadata` of tus: comma-separated pairs of a key and its value in base64 (a key may stand alone). Answers
 * the decoded pairs, or the field error of a header that is not in that form.
 */
export function parseUploadMetadata(header: string | undefined): Record<string, string> | FieldError {
  const out: Record<string, string> = {};
  if (header === undefined || header.trim() === '') return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[^\s,]+$/.test(key) || (value && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))) {
      return { field: 'upload_metadata', rule: 'format', message: 'Upload-Metadata is key and base64 value pairs.' };
    }
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

export function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'rule' in value && 'field' in value;
}

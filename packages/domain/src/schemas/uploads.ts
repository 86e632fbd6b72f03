import { z } from 'zod';
import { FIELD_RULE_MESSAGES, ruleIssue } from './field-errors.ts';

/**
 * A picture uploaded as JSON (`{ "image": "<base64 or data: URL>" }`): pictures travel base64-encoded so no
 * multipart parser is needed. The file name, when sent, is only informational; the server reads type, size and
 * pixels from the decoded bytes.
 */

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 as sent (line breaks allowed, a `data:` URL prefix allowed and ignored: the content decides the type). */
export function base64Of(value: string): string {
  return value.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
}

export const base64ImageSchema = z
  .string()
  .min(1, FIELD_RULE_MESSAGES.required)
  .refine(
    (v) => {
      const b64 = base64Of(v);
      return BASE64.test(b64) && b64.length % 4 !== 1;
    },
    ruleIssue('format', 'The image must be sent as base64 or a data: URL.'),
  )
  .describe('The file, base64-encoded or as a data: URL');

export const imageUploadBody = z
  .object({
    image: base64ImageSchema,
    file_name: z.string().max(255).optional().describe('Informational only: never used to decide the type'),
  })
  .strict();
export type ImageUploadBody = z.input<typeof imageUploadBody>;

import { CSV_MAX_BYTES, type UserCsvColumn, type UserCsvError, validateUserCsv } from '@spinyard/domain';

// The users CSV rules on their own: they bring the CSV parser, which only the CSV page needs (the user and
// vehicle lists import userRules.ts for the actor and would otherwise load it too).

/** Codes that need the domain's users (existing e-mails, admins, totals): only the server can judge them. */
const SERVER_ONLY_CODES = new Set([
  'csv_unknown_parent',
  'csv_email_already_registered',
  'csv_admin_over_limit',
  'csv_normal_over_limit',
  'csv_registration_limit_not_set',
  'csv_registration_limit_exceeded',
  'csv_registration_limit_below_registered',
]);

/**
 * The browser's check of a chosen CSV with the server's own rules (validateUserCsv): the file-level rules (size,
 * UTF-8, format, header, 1 to 100 users) and each row's format. What depends on the domain's users is dropped,
 * and the server checks everything again on upload.
 */
export function precheckUserCsv(bytes: Uint8Array, header?: readonly UserCsvColumn[]): UserCsvError[] {
  if (bytes.byteLength > CSV_MAX_BYTES) return [{ row: null, code: 'csv_too_large' }];
  const result = validateUserCsv({
    bytes,
    ...(header ? { header } : {}),
    existing: {
      emails: new Set(),
      adminEmails: new Set(),
      adminCount: 0,
      normalCount: 0,
      registrationLimit: Number.MAX_SAFE_INTEGER,
      registeredCount: 0,
    },
  });
  if (result.ok) return [];
  return result.errors.filter((e) => !SERVER_ONLY_CODES.has(e.code));
}

import { describe, expect, it } from 'vitest';
import { describeErrorResponse, STATUS_BEHAVIOUR, statusBehaviour } from './error-description.ts';
import { ERROR_CATALOGUE, type ErrorCode, errorBody, errorCodeForMessage, isErrorCode, statusOf } from './errors.ts';

// 414 and 431 are the HTTP layer's own refusals (an over-long path parameter, an address over the parser's limit),
// answered in the error shape like the rest.
// 502 and 504: the partner services behind a gateway (the listing link), as the spec's table lists them.
const ALLOWED_STATUSES = new Set([
  400, 401, 402, 403, 404, 408, 409, 410, 413, 414, 415, 422, 429, 431, 500, 502, 503, 504, 507,
]);

describe('ERROR_CATALOGUE', () => {
  it('codes are stable snake_case, statuses are allowed, messages are English sentences', () => {
    for (const [code, e] of Object.entries(ERROR_CATALOGUE)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(ALLOWED_STATUSES.has(e.status), code).toBe(true);
      expect(e.message, code).toMatch(/^[A-Z].*[.]$/);
    }
  });

  it('messages are unique, so a known message identifies one code', () => {
    const messages = Object.values(ERROR_CATALOGUE).map((e) => e.message);
    expect(new Set(messages).size).toBe(messages.length);
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      expect(errorCodeForMessage(ERROR_CATALOGUE[code].message)).toBe(code);
    }
  });

  it.each<[ErrorCode, number]>([
    ['authentication_failed', 400],
    ['duplicate_user_info', 409],
    ['email_already_registered', 409],
    ['email_not_registered', 404],
    ['email_already_used', 409],
    ['current_password_incorrect', 400],
    ['two_step_code_invalid', 400],
    ['two_step_code_expired', 400],
    ['login_device_limit_reached', 409],
    ['user_delete_processing', 409],
    ['vehicle_limit_reached', 403],
    ['duplicate_vehicle_id', 409],
    ['duplicate_plan_id', 409],
    ['plan_has_subscribers', 409],
    ['publish_without_images', 409],
    ['upload_over_limit', 403],
    ['delete_blocked_processing', 409],
    ['domain_in_use', 409],
    ['domain_not_registered', 404],
    ['domain_deleting', 409],
    ['domain_admin_not_registered', 409],
    ['not_content_creator', 403],
    ['card_insufficient_balance', 402],
    ['card_limit_exceeded', 402],
    ['card_expired', 402],
    ['card_invalid_input', 402],
    ['card_already_paid', 409],
    ['csv_unsupported_format', 415],
    ['csv_no_user', 422],
    ['csv_over_100', 422],
    ['csv_invalid_user_data', 422],
    ['csv_invalid_email', 422],
    ['csv_password_too_short', 422],
    ['csv_unneeded_parent', 422],
    ['csv_missing_parent', 422],
    ['csv_unknown_parent', 422],
    ['csv_admin_over_limit', 422],
    ['csv_normal_over_limit', 422],
    ['csv_registration_limit_not_set', 422],
    ['csv_registration_limit_exceeded', 422],
    ['csv_registration_limit_below_registered', 422],
    ['csv_not_utf8', 415],
    ['csv_too_large', 413],
    ['video_aspect_mismatch', 422],
    ['video_vertical_not_allowed', 422],
    ['video_too_short', 422],
    ['video_invalid_file', 415],
    ['web_negotiation_over_limit', 409],
    ['web_negotiation_in_past', 422],
    ['web_negotiation_running', 409],
    ['web_negotiation_closed', 409],
    ['web_negotiation_duplicate_invitee', 422],
    ['rate_limited', 429],
    ['too_many_attempts', 429],
  ])('%s answers %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it('errorBody and isErrorCode keep working', () => {
    expect(errorBody('csv_invalid_email')).toEqual({
      error: { code: 'csv_invalid_email', user_message: ERROR_CATALOGUE.csv_invalid_email.message },
    });
    expect(isErrorCode('csv_over_100')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('statusBehaviour', () => {
  it.each([
    [400, 'server_message'],
    [401, 'logout'],
    [403, 'user_message'],
    [408, 'user_message'],
    [429, 'user_message'],
    [409, 'duplicate'],
    [422, 'field_messages'],
    [500, 'retry_later'],
    [502, 'user_message_or_code'],
    [503, 'user_message_or_code'],
    [504, 'user_message_or_code'],
    [404, 'user_message'],
    [501, 'retry_later'],
    [507, 'user_message_or_code'],
  ] as const)('%i: %s', (status, kind) => {
    expect(statusBehaviour(status)).toBe(kind);
  });

  it('the table holds exactly the statuses the spec lists', () => {
    expect(Object.keys(STATUS_BEHAVIOUR).map(Number).sort()).toEqual([
      400, 401, 403, 408, 409, 422, 429, 500, 502, 503, 504,
    ]);
  });
});

type ErrorContext = Parameters<typeof describeErrorResponse>[2];

const err = (code: string, user_message?: string, fields?: { field: string; rule: string; message: string }[]) => ({
  error: { code, ...(user_message !== undefined ? { user_message } : {}), ...(fields ? { fields } : {}) },
});

describe('describeErrorResponse', () => {
  const notify = (key: string) => ({ action: 'notify', messageKey: `errors.${key}` });
  const shown = (text: string) => ({ action: 'notify', text });
  it.each<[name: string, status: number, body: unknown, expected: unknown, ctx?: ErrorContext]>([
    ['400 with a known code and its own message: translated', 400, errorBody('login_failed'), notify('login_failed')],
    [
      '400 with a catalogue code and its own English wording: the code is translated, the English not shown',
      400,
      err('general_error', 'The car could not be saved: engine type missing.'),
      notify('general_error'),
    ],
    [
      '400 with a code the catalogue does not know and its own message: shown as sent',
      400,
      err('engine_type_missing', 'The car could not be saved: engine type missing.'),
      shown('The car could not be saved: engine type missing.'),
    ],
    [
      '400 account not active: its own translation, not the English text',
      400,
      err('account_not_active', 'This account is not active. Contact your administrator.'),
      notify('account_not_active'),
    ],
    [
      '400 with an unknown code but a known message: translated by message',
      400,
      err('legacy_thing', ERROR_CATALOGUE.check_submission.message),
      notify('check_submission'),
    ],
    [
      '400 CS ERROR: the text names the listing error',
      400,
      { message: 'CS ERROR', text: 'key_match' },
      notify('listing.error_key_match'),
    ],
    [
      '400 CMATCH 360 ERROR with an unknown code: the default listing error',
      400,
      { message: 'CMATCH 360 ERROR', text: 'mystery' },
      notify('listing.error_default'),
    ],
    [
      '400 CMATCH ERROR with a known msgId',
      400,
      { message: 'CMATCH ERROR', text: '2093' },
      notify('listing_search.2093'),
    ],
    [
      '400 CMATCH ERROR with an unknown msgId falls back to 2999',
      400,
      { message: 'CMATCH ERROR', text: 2500 },
      notify('listing_search.2999'),
    ],
    ['400 without an error object: general error', 400, 'oops', notify('general_error')],
    ['401 logs out', 401, errorBody('not_authenticated'), { action: 'logout', messageKey: 'errors.not_authenticated' }],
    ['401 without a body still logs out', 401, undefined, { action: 'logout', messageKey: 'errors.not_authenticated' }],
    [
      '403 shows user_message (translated when known)',
      403,
      errorBody('vehicle_limit_reached'),
      notify('vehicle_limit_reached'),
    ],
    ['408 with no body: request timeout', 408, null, notify('request_timeout')],
    [
      '429 with a catalogue code: translated, whatever the English wording',
      429,
      err('too_many_attempts', 'Try again in 12 minutes.'),
      notify('too_many_attempts'),
    ],
    [
      '409 key duplication (listing-service answer)',
      409,
      { message: 'CS JOIN KEY DUPLICATION ERROR' },
      notify('listing_key_duplication'),
    ],
    ['409 key duplication (our code)', 409, errorBody('listing_key_duplication'), notify('listing_key_duplication')],
    ['409 with a specific known code', 409, errorBody('duplicate_vehicle_id'), notify('duplicate_vehicle_id')],
    ['409 otherwise: a duplicate error', 409, err('weird', 'Weird clash'), notify('conflict')],
    [
      '422 joins field messages with line breaks',
      422,
      err('validation_failed', 'Please check your input.', [
        { field: 'email', rule: 'email', message: 'Enter a valid e-mail address.' },
        { field: 'password', rule: 'min', message: 'At least 8 characters.' },
      ]),
      shown('Enter a valid e-mail address.\nAt least 8 characters.'),
    ],
    ['422 without fields: the code message', 422, errorBody('csv_over_100'), notify('csv_over_100')],
    ['500: retry later', 500, errorBody('internal_error'), notify('internal_error')],
    [
      '500 on the payment check for master: ignored',
      500,
      undefined,
      { action: 'ignore' },
      { paymentCheck: true, privilegeType: 'master' },
    ],
    [
      '500 on the payment check for super: ignored',
      500,
      undefined,
      { action: 'ignore' },
      { paymentCheck: true, privilegeType: 'super' },
    ],
    [
      '500 on the payment check for admin: shown',
      500,
      undefined,
      notify('internal_error'),
      { paymentCheck: true, privilegeType: 'admin' },
    ],
    ['500 elsewhere for master: shown', 500, undefined, notify('internal_error'), { privilegeType: 'master' }],
    ['503 with user_message', 503, err('maintenance', 'Back at 10:00.'), shown('Back at 10:00.')],
    ['502 with only an error code: the code', 502, err('upstream_down'), shown('upstream_down')],
    ['504 with nothing: service unavailable', 504, '<html>', notify('service_unavailable')],
    ['413 (not in the table) shows the message', 413, errorBody('csv_too_large'), notify('csv_too_large')],
    ['404 without body: not found', 404, undefined, notify('not_found')],
    [
      '404 for an unknown route or method (the server sends the catalogue message): translated not found',
      404,
      errorBody('not_found'),
      notify('not_found'),
    ],
    ['no answer at all: network error', 0, undefined, notify('network_error')],
  ])('%s', (_name, status, body, expected, ctx) => {
    expect(describeErrorResponse(status, body, ctx)).toEqual(expected);
  });

  it('property: every catalogue code sent as is yields its own translation key', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      const status = statusOf(code);
      const d = describeErrorResponse(status, errorBody(code));
      if (status === 500) expect(d.messageKey).toBe('errors.internal_error');
      else if (code === 'conflict') expect(d.messageKey).toBe('errors.conflict');
      else expect(d.messageKey, code).toBe(`errors.${code}`);
      expect(d.action).toBe(status === 401 ? 'logout' : 'notify');
    }
  });
});

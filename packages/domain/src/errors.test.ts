import { describe, expect, it } from 'vitest';
import { describeErrorResponse, STATUS_BEHAVIOUR, statusBehaviour } from './error-description.ts';
import { ERROR_CATALOGUE, type ErrorCode, errorBody, errorCodeForMessage, isErrorCode, statusOf } from './errors.ts';

// 414 and 431 are the HTTP layer's own refusals (an over-long path parameter, an address over the parser's limit),
// answered in the error shape like the rest.
const ALLOWED_STATUSES = new Set([400, 401, 402, 403, 404, 408, 409, 410, 413, 414, 415, 422, 429, 431, 500, 503]);

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
  ] as const)('%i: %s', (status, kind) => {
    expect(statusBehaviour(status)).toBe(kind);
  });

  it('the table holds exactly the statuses the spec lists', () => {
    expect(Object.keys(STATUS_BEHAVIOUR).map(Number).sort()).toEqual([
      400, 401, 403, 408, 409, 422, 429, 500, 502, 503, 504,
    ]);
  });
});

const err = (code: string, user_message?: string, fields?: { field: string; rule: string; message: string }[]) => ({
  error: { code, ...(user_message !== undefined ? { user_message } : {}), ...(fields ? { fields } : {}) },
});

describe('describeErrorResponse', () => {
  it.each<{
    name: string;
    status: number;
    body: unknown;
    ctx?: Parameters<typeof describeErrorResponse>[2];
    expected: unknown;
  }>([
    {
      name: '400 with a known code and its own message: translated',
      status: 400,
      body: errorBody('login_failed'),
      expected: { action: 'notify', messageKey: 'errors.login_failed' },
    },
    {
      name: '400 with a catalogue code and its own English wording: the code is translated, the English not shown',
      status: 400,
      body: err('general_error', 'The car could not be saved: engine type missing.'),
      expected: { action: 'notify', messageKey: 'errors.general_error' },
    },
    {
      name: '400 with a code the catalogue does not know and its own message: shown as sent',
      status: 400,
      body: err('engine_type_missing', 'The car could not be saved: engine type missing.'),
      expected: { action: 'notify', text: 'The car could not be saved: engine type missing.' },
    },
    {
      name: '400 account not active: its own translation, not the English text',
      status: 400,
      body: err('account_not_active', 'This account is not active. Contact your administrator.'),
      expected: { action: 'notify', messageKey: 'errors.account_not_active' },
    },
    {
      name: '400 with an unknown code but a known message: translated by message',
      status: 400,
      body: err('legacy_thing', ERROR_CATALOGUE.check_submission.message),
      expected: { action: 'notify', messageKey: 'errors.check_submission' },
    },
    {
      name: '400 CS ERROR: the text names the listing error',
      status: 400,
      body: { message: 'CS ERROR', text: 'key_match' },
      expected: { action: 'notify', messageKey: 'errors.listing.error_key_match' },
    },
    {
      name: '400 CMATCH 360 ERROR with an unknown code: the default listing error',
      status: 400,
      body: { message: 'CMATCH 360 ERROR', text: 'mystery' },
      expected: { action: 'notify', messageKey: 'errors.listing.error_default' },
    },
    {
      name: '400 CMATCH ERROR with a known msgId',
      status: 400,
      body: { message: 'CMATCH ERROR', text: '2093' },
      expected: { action: 'notify', messageKey: 'errors.listing_search.2093' },
    },
    {
      name: '400 CMATCH ERROR with an unknown msgId falls back to 2999',
      status: 400,
      body: { message: 'CMATCH ERROR', text: 2500 },
      expected: { action: 'notify', messageKey: 'errors.listing_search.2999' },
    },
    {
      name: '400 without an error object: general error',
      status: 400,
      body: 'oops',
      expected: { action: 'notify', messageKey: 'errors.general_error' },
    },
    {
      name: '401 logs out',
      status: 401,
      body: errorBody('not_authenticated'),
      expected: { action: 'logout', messageKey: 'errors.not_authenticated' },
    },
    {
      name: '401 without a body still logs out',
      status: 401,
      body: undefined,
      expected: { action: 'logout', messageKey: 'errors.not_authenticated' },
    },
    {
      name: '403 shows user_message (translated when known)',
      status: 403,
      body: errorBody('vehicle_limit_reached'),
      expected: { action: 'notify', messageKey: 'errors.vehicle_limit_reached' },
    },
    {
      name: '408 with no body: request timeout',
      status: 408,
      body: null,
      expected: { action: 'notify', messageKey: 'errors.request_timeout' },
    },
    {
      name: '429 with a catalogue code: translated, whatever the English wording',
      status: 429,
      body: err('too_many_attempts', 'Try again in 12 minutes.'),
      expected: { action: 'notify', messageKey: 'errors.too_many_attempts' },
    },
    {
      name: '409 key duplication (listing-service answer)',
      status: 409,
      body: { message: 'CS JOIN KEY DUPLICATION ERROR' },
      expected: { action: 'notify', messageKey: 'errors.listing_key_duplication' },
    },
    {
      name: '409 key duplication (our code)',
      status: 409,
      body: errorBody('listing_key_duplication'),
      expected: { action: 'notify', messageKey: 'errors.listing_key_duplication' },
    },
    {
      name: '409 with a specific known code',
      status: 409,
      body: errorBody('duplicate_vehicle_id'),
      expected: { action: 'notify', messageKey: 'errors.duplicate_vehicle_id' },
    },
    {
      name: '409 otherwise: a duplicate error',
      status: 409,
      body: err('weird', 'Weird clash'),
      expected: { action: 'notify', messageKey: 'errors.conflict' },
    },
    {
      name: '422 joins field messages with line breaks',
      status: 422,
      body: err('validation_failed', 'Please check your input.', [
        { field: 'email', rule: 'email', message: 'Enter a valid e-mail address.' },
        { field: 'password', rule: 'min', message: 'At least 8 characters.' },
      ]),
      expected: { action: 'notify', text: 'Enter a valid e-mail address.\nAt least 8 characters.' },
    },
    {
      name: '422 without fields: the code message',
      status: 422,
      body: errorBody('csv_over_100'),
      expected: { action: 'notify', messageKey: 'errors.csv_over_100' },
    },
    {
      name: '500: retry later',
      status: 500,
      body: errorBody('internal_error'),
      expected: { action: 'notify', messageKey: 'errors.internal_error' },
    },
    {
      name: '500 on the payment check for master: ignored',
      status: 500,
      body: undefined,
      ctx: { paymentCheck: true, privilegeType: 'master' },
      expected: { action: 'ignore' },
    },
    {
      name: '500 on the payment check for super: ignored',
      status: 500,
      body: undefined,
      ctx: { paymentCheck: true, privilegeType: 'super' },
      expected: { action: 'ignore' },
    },
    {
      name: '500 on the payment check for admin: shown',
      status: 500,
      body: undefined,
      ctx: { paymentCheck: true, privilegeType: 'admin' },
      expected: { action: 'notify', messageKey: 'errors.internal_error' },
    },
    {
      name: '500 elsewhere for master: shown',
      status: 500,
      body: undefined,
      ctx: { privilegeType: 'master' },
      expected: { action: 'notify', messageKey: 'errors.internal_error' },
    },
    {
      name: '503 with user_message',
      status: 503,
      body: err('maintenance', 'Back at 10:00.'),
      expected: { action: 'notify', text: 'Back at 10:00.' },
    },
    {
      name: '502 with only an error code: the code',
      status: 502,
      body: err('upstream_down'),
      expected: { action: 'notify', text: 'upstream_down' },
    },
    {
      name: '504 with nothing: service unavailable',
      status: 504,
      body: '<html>',
      expected: { action: 'notify', messageKey: 'errors.service_unavailable' },
    },
    {
      name: '413 (not in the table) shows the message',
      status: 413,
      body: errorBody('csv_too_large'),
      expected: { action: 'notify', messageKey: 'errors.csv_too_large' },
    },
    {
      name: '404 without body: not found',
      status: 404,
      body: undefined,
      expected: { action: 'notify', messageKey: 'errors.not_found' },
    },
    {
      name: '404 for an unknown route or method (the server sends the catalogue message): translated not found',
      status: 404,
      body: errorBody('not_found'),
      expected: { action: 'notify', messageKey: 'errors.not_found' },
    },
    {
      name: 'no answer at all: network error',
      status: 0,
      body: undefined,
      expected: { action: 'notify', messageKey: 'errors.network_error' },
    },
  ])('$name', ({ status, body, ctx, expected }) => {
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

/**
 * The error catalogue (second document, section 8): one stable code per error the API can answer,
 * with its HTTP status and the message key the console translates (`errors.<code>` in the catalogues).
 * The server answers `{ error: { code, user_message, fields? } }`; `user_message` is the English text,
 * the console shows its own translation when it knows the code.
 */
export const ERROR_CATALOGUE = {
  bad_request: { status: 400, message: 'Bad request.' },
  general_error: { status: 400, message: 'An error occurred. Please try again.' },
  login_failed: { status: 400, message: 'Login failed. Check your e-mail address and password.' },
  account_not_active: { status: 400, message: 'This account is not active. Contact your administrator.' },
  login_host_not_allowed: {
    status: 403,
    message: "This account does not belong to this site. Sign in at your own company's address.",
  },
  check_submission: { status: 400, message: 'Please check your submission.' },
  not_authenticated: { status: 401, message: 'You are not signed in, or your session has ended.' },
  payment_required: { status: 402, message: 'Payment is incomplete.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  not_found: { status: 404, message: 'The resource was not found.' },
  request_timeout: { status: 408, message: 'The request took too long. Please try again.' },
  conflict: { status: 409, message: 'This conflicts with data that already exists.' },
  reload_and_retry: { status: 409, message: 'The data changed meanwhile. Reload and retry.' },
  payload_too_large: { status: 413, message: 'The upload is too large.' },
  // Refusals made before a route's own rules run (router, body parser, the NUL guard).
  invalid_json: { status: 400, message: 'The request body could not be read.' },
  invalid_characters: { status: 400, message: 'The input contains characters that are not allowed.' },
  uri_too_long: { status: 414, message: 'The request address is too long.' },
  headers_too_large: { status: 431, message: 'The request address or headers are too long.' },
  unsupported_media_type: { status: 415, message: 'This file format is not supported.' },
  validation_failed: { status: 422, message: 'Please check your input.' },
  too_many_attempts: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  internal_error: { status: 500, message: 'A server error occurred. Please try again later.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },

  // ---- Account and login ------------------------------------------------------------------------------------
  authentication_failed: { status: 400, message: 'Authentication failed. Please sign in again.' },
  duplicate_user_info: { status: 409, message: 'This information is already used by another user.' },
  email_already_registered: { status: 409, message: 'This e-mail address is already registered.' },
  email_not_registered: { status: 404, message: 'This e-mail address is not registered.' },
  email_already_used: { status: 409, message: 'This e-mail address is already in use.' },
  current_password_incorrect: { status: 400, message: 'The current password is incorrect.' },
  two_step_code_invalid: { status: 400, message: 'The verification code is invalid. Please sign in again.' },
  two_step_code_expired: { status: 400, message: 'The verification code has expired. Please sign in again.' },
  login_device_limit_reached: {
    status: 409,
    message: 'The login device limit is reached. Log out another device; this does not affect saved images.',
  },
  admin_has_users: {
    status: 409,
    message: 'This admin still has users. Move them under another admin or delete them too.',
  },
  user_delete_processing: { status: 409, message: 'This user cannot be deleted while content is processing.' },
  bulk_delete_processing: {
    status: 409,
    message: 'The deletion was cancelled because some vehicles are being updated. Please try again later.',
  },
  super_user_undeletable: { status: 403, message: 'A super user cannot be deleted.' },
  password_reset_expired: { status: 400, message: 'The password reset link has expired. Please request a new one.' },
  password_reset_failed: { status: 400, message: 'The password could not be reset. Please try again.' },
  terms_not_accepted: { status: 422, message: 'Please accept the terms.' },

  // ---- Users, roles and privileges (issue 3) -------------------------------------------------------------
  user_management_disabled: { status: 403, message: 'Adding and editing users is turned off for this domain.' },
  self_action_not_allowed: { status: 403, message: 'You cannot do this to your own account.' },
  privilege_change_not_allowed: {
    status: 409,
    message: 'Only a change between admin and normal is possible for this user.',
  },
  privilege_change_parent_required: {
    status: 422,
    message: 'Choose the admin user who becomes the parent of this user.',
  },
  privilege_change_invalid_parent: {
    status: 422,
    message: 'The parent must be another admin user of the same domain.',
  },

  // ---- Cards and plans ------------------------------------------------------------------------------------
  card_insufficient_balance: {
    status: 402,
    message: 'The card balance is insufficient. Please register another card or check with your card issuer.',
  },
  card_limit_exceeded: {
    status: 402,
    message: 'The card limit is exceeded. Please register another card or check with your card issuer.',
  },
  card_expired: { status: 402, message: 'The card has expired. Please register another card.' },
  card_invalid_input: { status: 402, message: 'The card details are wrong. Please check them and try again.' },
  card_already_paid: { status: 409, message: 'This has already been paid.' },
  card_registration_failed: { status: 402, message: 'The card could not be registered. Please try another card.' },
  plan_downgrade_once_a_month: { status: 409, message: 'A plan can be downgraded only once a month.' },
  renewal_too_close_to_expiry: { status: 409, message: 'The plan cannot be renewed this close to its expiry.' },

  // ---- Vehicles, plans and domains --------------------------------------------------------------------------
  vehicle_limit_reached: {
    status: 403,
    message: 'The vehicle limit is reached. Delete a vehicle or change your plan.',
  },
  duplicate_vehicle_id: { status: 409, message: 'This management ID is already used by another vehicle.' },
  duplicate_plan_id: { status: 409, message: 'This plan ID is already used.' },
  plan_has_subscribers: { status: 409, message: 'A plan with active subscribers cannot be disabled or deleted.' },
  publish_without_images: { status: 409, message: 'A vehicle cannot be published without registered images.' },
  upload_over_limit: { status: 403, message: 'The upload limit for panoramas or exterior videos is exceeded.' },
  delete_blocked_processing: { status: 409, message: 'This cannot be deleted while it is being processed.' },
  content_processing: { status: 409, message: 'This vehicle is being processed. Please wait until it finishes.' },
  content_locked: {
    status: 409,
    message: 'This cannot be done while a background process is running on this vehicle.',
  },
  content_csv_invalid: { status: 422, message: 'Some rows of the CSV file were refused; no vehicle was changed.' },
  csv_period_too_long: { status: 422, message: 'The CSV download period must be one month or shorter.' },
  bulk_delete_cancelled: {
    status: 409,
    message: 'The deletion was cancelled because some vehicles are being updated.',
  },
  content_linked: {
    status: 409,
    message: 'A vehicle linked to the listing service, or waiting for it, cannot be edited.',
  },
  invalid_state_transition: { status: 409, message: 'This cannot be done in the current state.' },
  // The public viewer (publishing): each state a buyer may meet has its own code, none of them shows media.
  content_not_published: { status: 404, message: 'This vehicle is not published.' },
  content_sleeping: { status: 404, message: 'This vehicle is not shown at the moment.' },
  content_deleted: { status: 410, message: 'This vehicle has been removed.' },
  viewer_password_required: { status: 401, message: 'This vehicle is shown only with its password.' },
  viewer_password_wrong: { status: 401, message: 'The password is not correct.' },
  short_url_disabled: { status: 403, message: 'Short URLs are turned off for this domain.' },
  transfer_same_user: { status: 409, message: 'The vehicle already belongs to this user.' },
  domain_in_use: { status: 409, message: 'This domain is already in use.' },
  company_code_in_use: { status: 409, message: 'This company code is already used by another domain.' },
  domain_not_registered: { status: 404, message: 'This domain is not registered.' },
  domain_deleting: {
    status: 409,
    message: 'This domain is being deleted. It can be used again after the nightly deletion.',
  },
  domain_admin_not_registered: { status: 409, message: 'The domain has no registered admin.' },
  domain_limit_below_registered: {
    status: 409,
    message: 'The vehicle limit cannot be lower than the number of vehicles already registered.',
  },
  not_content_creator: { status: 403, message: 'Only the creator of this vehicle can do this.' },
  listing_key_duplication: { status: 409, message: 'This listing-service link key is already used.' },

  // ---- Files ------------------------------------------------------------------------------------------------
  unsupported_image_format: { status: 415, message: 'This image format is not supported.' },
  unsupported_audio_format: { status: 415, message: 'This audio format is not supported.' },
  unsupported_video_format: { status: 415, message: 'This video format is not supported.' },
  file_too_large: { status: 413, message: 'The file is too large.' },
  audio_too_long: { status: 422, message: 'The audio is too long.' },
  image_dimensions_invalid: { status: 422, message: 'The image size or aspect ratio is not allowed.' },
  rider_view_bike_only: { status: 409, message: 'The rider view is for bikes only.' },

  // ---- CSV --------------------------------------------------------------------------------------------------
  csv_unsupported_format: { status: 415, message: 'This CSV format is not supported. Use the downloaded format.' },
  csv_not_utf8: { status: 415, message: 'The CSV file must be encoded in UTF-8.' },
  csv_invalid: { status: 422, message: 'Some rows of the CSV file were refused; no user was added.' },
  csv_too_large: { status: 413, message: 'The CSV file must be 1 MB or smaller.' },
  csv_header_mismatch: { status: 422, message: 'The CSV header or item count does not match the downloaded format.' },
  csv_required_cell_empty: { status: 422, message: 'A required CSV cell is empty.' },
  csv_over_150: { status: 422, message: 'A CSV can update at most 150 vehicles.' },
  csv_unknown_content: {
    status: 422,
    message: 'No vehicle you can edit has this ID: it does not exist, was deleted, or is not yours.',
  },
  csv_duplicate_content: { status: 422, message: 'This vehicle appears more than once in the CSV.' },
  csv_no_user: { status: 422, message: 'The CSV has no user to add.' },
  csv_over_100: { status: 422, message: 'A CSV can add at most 100 users.' },
  csv_invalid_user_data: { status: 422, message: 'The CSV has invalid user data.' },
  csv_invalid_email: { status: 422, message: 'The CSV has an invalid e-mail address.' },
  csv_password_too_short: { status: 422, message: 'Passwords in the CSV must have at least 8 characters.' },
  csv_unneeded_parent: { status: 422, message: 'Only normal users have a parent user.' },
  csv_missing_parent: { status: 422, message: 'A normal user needs a parent user.' },
  csv_unknown_parent: { status: 422, message: 'The parent user does not exist.' },
  csv_duplicate_email: { status: 422, message: 'An e-mail address appears more than once in the CSV.' },
  csv_email_already_registered: { status: 422, message: 'An e-mail address in the CSV is already registered.' },
  csv_admin_over_limit: { status: 422, message: 'There can be at most 9999 admin users.' },
  csv_normal_over_limit: { status: 422, message: 'There can be at most 9999 normal users.' },
  csv_registration_limit_not_set: { status: 422, message: 'The registration limit is not set.' },
  csv_registration_limit_exceeded: { status: 422, message: 'The registration limit is exceeded.' },
  csv_registration_limit_below_registered: {
    status: 422,
    message: 'The registration limit is lower than the number already registered.',
  },

  // ---- Video ------------------------------------------------------------------------------------------------
  video_aspect_mismatch: { status: 422, message: 'Videos to be merged must have the same aspect ratio.' },
  video_vertical_not_allowed: { status: 422, message: 'Vertical videos are not allowed. Use landscape videos.' },
  video_too_short: { status: 422, message: 'The video is too short.' },
  video_invalid_file: { status: 415, message: 'This video file cannot be read.' },
  // Bounds against hostile files (too long, too large, too many frames a second): refused before any decoding.
  video_out_of_bounds: { status: 422, message: 'This video is too long, too large or too fast to process.' },
  max_content_count_exceeded: { status: 409, message: 'The maximum number of items is exceeded.' },
  image_load_error: { status: 422, message: 'The image could not be loaded.' },
  member_sync_failed: { status: 503, message: 'Member synchronisation failed. Please try again later.' },

  // ---- Web negotiation --------------------------------------------------------------------------------------
  web_negotiation_over_limit: { status: 409, message: 'The number of web negotiations for this period is used up.' },
  web_negotiation_in_past: { status: 422, message: 'The meeting date and time must not be in the past.' },
  web_negotiation_running: { status: 409, message: 'A running meeting cannot be edited.' },
  web_negotiation_closed: { status: 409, message: 'This meeting is closed.' },
  web_negotiation_duplicate_invitee: {
    status: 422,
    message: 'The same phone number or e-mail address appears twice in the invitations.',
  },
  web_negotiation_too_many_vehicles: { status: 422, message: 'Too many vehicles are selected for the meeting.' },
  web_negotiation_documents_over_limit: {
    status: 413,
    message: 'The meeting documents exceed the allowed count or size.',
  },

  // ---- Rate limit -------------------------------------------------------------------------------------------
  rate_limited: { status: 429, message: 'Too many requests. Please wait and try again.' },
  speech_busy: { status: 503, message: 'Text-to-audio is busy. Please try again in a moment.' },

  // ---- Sign-in paths and account links (issue 3) -------------------------------------------------------------
  link_invalid: { status: 400, message: 'This link is not valid or was already used. Please request a new one.' },
  link_expired: { status: 400, message: 'This link has expired. Please request a new one.' },
  two_step_enforced: {
    status: 403,
    message: 'Two-step authentication is required for your domain and cannot be turned off.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One refused field of a request: the field's name, the rule it broke, and an English message. */
export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

export interface ErrorBody {
  error: {
    code: ErrorCode | string;
    user_message: string;
    fields?: FieldError[];
    retry_after_seconds?: number;
    /** Values the message names (the process that holds a lock, a limit), for the console's translation. */
    params?: Record<string, string | number>;
  };
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export function errorBody(code: ErrorCode, userMessage?: string, fields?: FieldError[]): ErrorBody {
  return { error: { code, user_message: userMessage ?? ERROR_CATALOGUE[code].message, ...(fields ? { fields } : {}) } };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The code whose catalogue message is exactly this text: how "known server messages" are recognised. */
export function errorCodeForMessage(message: string): ErrorCode | undefined {
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
    if (entry.message === message) return code as ErrorCode;
  }
  return undefined;
}

/** The catalogue as written below, one `code: [status, message]` a line, read as `{ status, message }` objects. */
function catalogue<const T extends Record<string, readonly [number, string]>>(
  entries: T,
): { [K in keyof T]: { status: T[K][0]; message: T[K][1] } } {
  return Object.fromEntries(
    Object.entries(entries).map(([code, [status, message]]) => [code, { status, message }]),
  ) as { [K in keyof T]: { status: T[K][0]; message: T[K][1] } };
}

/**
 * The error catalogue (second document, section 8): one stable code per error the API can answer,
 * with its HTTP status and the message key the console translates (`errors.<code>` in the catalogues).
 * The server answers `{ error: { code, user_message, fields? } }`; `user_message` is the English text,
 * the console shows its own translation when it knows the code.
 */
// biome-ignore format: one error a line, however long its message, so the catalogue reads as a table
export const ERROR_CATALOGUE = catalogue({
  bad_request: [400, 'Bad request.'],
  general_error: [400, 'An error occurred. Please try again.'],
  login_failed: [400, 'Login failed. Check your e-mail address and password.'],
  account_not_active: [400, 'This account is not active. Contact your administrator.'],
  login_host_not_allowed: [403, "This account does not belong to this site. Sign in at your own company's address."],
  check_submission: [400, 'Please check your submission.'],
  not_authenticated: [401, 'You are not signed in, or your session has ended.'],
  payment_required: [402, 'Payment is incomplete.'],
  forbidden: [403, 'You are not allowed to do this.'],
  // A screen the white-label host hides (packages/domain/src/hosts.ts): its calls are refused too.
  hidden_on_host: [403, 'This function is not offered on this site.'],
  not_found: [404, 'The resource was not found.'],
  request_timeout: [408, 'The request took too long. Please try again.'],
  conflict: [409, 'This conflicts with data that already exists.'],
  reload_and_retry: [409, 'The data changed meanwhile. Reload and retry.'],
  payload_too_large: [413, 'The upload is too large.'],
  // Refusals made before a route's own rules run (router, body parser, the NUL guard).
  invalid_json: [400, 'The request body could not be read.'],
  invalid_characters: [400, 'The input contains characters that are not allowed.'],
  uri_too_long: [414, 'The request address is too long.'],
  headers_too_large: [431, 'The request address or headers are too long.'],
  unsupported_media_type: [415, 'This file format is not supported.'],
  validation_failed: [422, 'Please check your input.'],
  too_many_attempts: [429, 'Too many attempts. Please wait and try again.'],
  internal_error: [500, 'A server error occurred. Please try again later.'],
  service_unavailable: [503, 'The service is temporarily unavailable.'],
  // Operations: the database lost (a restart under way) and a full disk, each named so an operator sees the cause.
  database_unavailable: [503, 'The database is unavailable at the moment. Please try again shortly.'],
  insufficient_storage: [507, 'The server has no storage space left. Please contact the administrator.'],

  // ---- Account and login ------------------------------------------------------------------------------------
  authentication_failed: [400, 'Authentication failed. Please sign in again.'],
  duplicate_user_info: [409, 'This information is already used by another user.'],
  email_already_registered: [409, 'This e-mail address is already registered.'],
  email_not_registered: [404, 'This e-mail address is not registered.'],
  email_already_used: [409, 'This e-mail address is already in use.'],
  current_password_incorrect: [400, 'The current password is incorrect.'],
  two_step_code_invalid: [400, 'The verification code is invalid. Please sign in again.'],
  two_step_code_expired: [400, 'The verification code has expired. Please sign in again.'],
  login_device_limit_reached: [409, 'The login device limit is reached. Log out another device; this does not affect saved images.'],
  admin_has_users: [409, 'This admin still has users. Move them under another admin or delete them too.'],
  user_delete_processing: [409, 'This user cannot be deleted while content is processing.'],
  bulk_delete_processing: [409, 'The deletion was cancelled because some vehicles are being updated. Please try again later.'],
  super_user_undeletable: [403, 'A super user cannot be deleted.'],
  password_reset_expired: [400, 'The password reset link has expired. Please request a new one.'],
  password_reset_failed: [400, 'The password could not be reset. Please try again.'],
  terms_not_accepted: [422, 'Please accept the terms.'],

  // ---- Users, roles and privileges (issue 3) -------------------------------------------------------------
  user_management_disabled: [403, 'Adding and editing users is turned off for this domain.'],
  self_action_not_allowed: [403, 'You cannot do this to your own account.'],
  privilege_change_not_allowed: [409, 'Only a change between admin and normal is possible for this user.'],
  privilege_change_parent_required: [422, 'Choose the admin user who becomes the parent of this user.'],
  privilege_change_invalid_parent: [422, 'The parent must be another admin user of the same domain.'],

  // ---- Cards and plans ------------------------------------------------------------------------------------
  card_insufficient_balance: [402, 'The card balance is insufficient. Please register another card or check with your card issuer.'],
  card_limit_exceeded: [402, 'The card limit is exceeded. Please register another card or check with your card issuer.'],
  card_expired: [402, 'The card has expired. Please register another card.'],
  card_invalid_input: [402, 'The card details are wrong. Please check them and try again.'],
  card_already_paid: [409, 'This has already been paid.'],
  card_registration_failed: [402, 'The card could not be registered. Please try another card.'],
  plan_downgrade_once_a_month: [409, 'A plan can be downgraded only once a month.'],
  renewal_too_close_to_expiry: [409, 'The plan cannot be renewed this close to its expiry.'],

  // ---- Card gateways (issue 19): declines the catalogue's card errors do not name -----------------------------
  card_declined: [402, 'The card was declined. Please register another card or check with your card issuer.'],
  card_authentication_required: [402, 'Your card issuer asks you to confirm this payment. Please pay again from the payment screen.'],

  // ---- Vehicles, plans and domains --------------------------------------------------------------------------
  vehicle_limit_reached: [403, 'The vehicle limit is reached. Delete a vehicle or change your plan.'],
  duplicate_vehicle_id: [409, 'This management ID is already used by another vehicle.'],
  duplicate_plan_id: [409, 'This plan ID is already used.'],
  plan_has_subscribers: [409, 'A plan with active subscribers cannot be disabled or deleted.'],
  // Billing: plans (issue 19).
  plan_not_found: [404, 'This plan does not exist or was deleted.'],
  free_plan_fixed: [409, 'The free plan cannot be deleted, disabled, made inactive or given an amount.'],
  publish_without_images: [409, 'A vehicle cannot be published without registered images.'],
  upload_over_limit: [403, 'The upload limit for panoramas or exterior videos is exceeded.'],
  delete_blocked_processing: [409, 'This cannot be deleted while it is being processed.'],
  content_processing: [409, 'This vehicle is being processed. Please wait until it finishes.'],
  // Content videos: rendering (issue 20).
  movie_nothing_to_show: [409, 'This vehicle has nothing to show in this video yet. Add its pictures first.'],
  movie_render_failed: [422, 'This video could not be made from its pictures and texts. Check them and make it again.'],
  movie_not_ready: [409, 'This vehicle has no finished video to send yet. Make its video first.'],
  content_locked: [409, 'This cannot be done while a background process is running on this vehicle.'],
  content_csv_invalid: [422, 'Some rows of the CSV file were refused; no vehicle was changed.'],
  csv_period_too_long: [422, 'The CSV download period must be one month or shorter.'],
  bulk_delete_cancelled: [409, 'The deletion was cancelled because some vehicles are being updated.'],
  content_linked: [409, 'A vehicle linked to the listing service, or waiting for it, cannot be edited.'],
  invalid_state_transition: [409, 'This cannot be done in the current state.'],
  // The public viewer (publishing): each state a buyer may meet has its own code, none of them shows media.
  content_not_published: [404, 'This vehicle is not published.'],
  content_sleeping: [404, 'This vehicle is not shown at the moment.'],
  content_deleted: [410, 'This vehicle has been removed.'],
  viewer_password_required: [401, 'This vehicle is shown only with its password.'],
  viewer_password_wrong: [401, 'The password is not correct.'],
  short_url_disabled: [403, 'Short URLs are turned off for this domain.'],
  transfer_same_user: [409, 'The vehicle already belongs to this user.'],
  domain_in_use: [409, 'This domain is already in use.'],
  company_code_in_use: [409, 'This company code is already used by another domain.'],
  // Corporations and locations (issue 22): a company is deleted only when nothing points to it.
  company_in_use: [409, 'This company still has users, locations, groups or vehicles. Move or delete them first.'],
  main_company_undeletable: [409, "The domain's own company cannot be deleted."],
  domain_not_registered: [404, 'This domain is not registered.'],
  domain_deleting: [409, 'This domain is being deleted. It can be used again after the nightly deletion.'],
  domain_admin_not_registered: [409, 'The domain has no registered admin.'],
  domain_limit_below_registered: [409, 'The vehicle limit cannot be lower than the number of vehicles already registered.'],
  not_content_creator: [403, 'Only the creator of this vehicle can do this.'],
  listing_key_duplication: [409, 'This listing-service link key is already used.'],
  // The listing link (issue 22): the partner's refusals keep its message id in params.msg_id (2001-2999).
  listing_not_joined: [403, 'The listing-service link is not set up for your account.'],
  listing_login_failed: [400, 'The listing service refused this login ID or password.'],
  listing_login_required: [409, 'Sign in to the listing service again from the account link page.'],
  listing_partner_refused: [400, 'The listing service refused the request.'],
  listing_outside_hours: [503, 'The listing service is outside its hours. The request will be retried later.'],
  listing_partner_timeout: [504, 'The listing service did not answer in time. Please try again later.'],
  listing_partner_invalid: [502, 'The listing service answered in an unexpected way. Please try again later.'],
  listing_key_missing: [422, 'This vehicle has no link key (property code or VIN) to link with.'],

  // ---- Files ------------------------------------------------------------------------------------------------
  unsupported_image_format: [415, 'This image format is not supported.'],
  unsupported_audio_format: [415, 'This audio format is not supported.'],
  unsupported_video_format: [415, 'This video format is not supported.'],
  file_too_large: [413, 'The file is too large.'],
  audio_too_long: [422, 'The audio is too long.'],
  image_dimensions_invalid: [422, 'The image size or aspect ratio is not allowed.'],
  rider_view_bike_only: [409, 'The rider view is for bikes only.'],

  // ---- CSV --------------------------------------------------------------------------------------------------
  csv_unsupported_format: [415, 'This CSV format is not supported. Use the downloaded format.'],
  csv_not_utf8: [415, 'The CSV file must be encoded in UTF-8.'],
  csv_invalid: [422, 'Some rows of the CSV file were refused; no user was added.'],
  csv_too_large: [413, 'The CSV file must be 1 MB or smaller.'],
  csv_header_mismatch: [422, 'The CSV header or item count does not match the downloaded format.'],
  csv_required_cell_empty: [422, 'A required CSV cell is empty.'],
  csv_over_150: [422, 'A CSV can update at most 150 vehicles.'],
  csv_unknown_content: [422, 'No vehicle you can edit has this ID: it does not exist, was deleted, or is not yours.'],
  csv_duplicate_content: [422, 'This vehicle appears more than once in the CSV.'],
  csv_no_user: [422, 'The CSV has no user to add.'],
  csv_over_100: [422, 'A CSV can add at most 100 users.'],
  csv_invalid_user_data: [422, 'The CSV has invalid user data.'],
  csv_invalid_email: [422, 'The CSV has an invalid e-mail address.'],
  csv_password_too_short: [422, 'Passwords in the CSV must have at least 8 characters.'],
  csv_unneeded_parent: [422, 'Only normal users have a parent user.'],
  csv_missing_parent: [422, 'A normal user needs a parent user.'],
  csv_unknown_parent: [422, 'The parent user does not exist.'],
  csv_duplicate_email: [422, 'An e-mail address appears more than once in the CSV.'],
  csv_email_already_registered: [422, 'An e-mail address in the CSV is already registered.'],
  csv_admin_over_limit: [422, 'There can be at most 9999 admin users.'],
  csv_normal_over_limit: [422, 'There can be at most 9999 normal users.'],
  csv_registration_limit_not_set: [422, 'The registration limit is not set.'],
  csv_registration_limit_exceeded: [422, 'The registration limit is exceeded.'],
  csv_registration_limit_below_registered: [422, 'The registration limit is lower than the number already registered.'],

  // ---- Video ------------------------------------------------------------------------------------------------
  video_aspect_mismatch: [422, 'Videos to be merged must have the same aspect ratio.'],
  video_vertical_not_allowed: [422, 'Vertical videos are not allowed. Use landscape videos.'],
  video_too_short: [422, 'The video is too short.'],
  video_invalid_file: [415, 'This video file cannot be read.'],
  // Bounds against hostile files (too long, too large, too many frames a second): refused before any decoding.
  video_out_of_bounds: [422, 'This video is too long, too large or too fast to process.'],
  max_content_count_exceeded: [409, 'The maximum number of items is exceeded.'],
  image_load_error: [422, 'The image could not be loaded.'],
  member_sync_failed: [503, 'Member synchronisation failed. Please try again later.'],

  // ---- Audio library (issue 20) ------------------------------------------------------------------------------
  audio_track_in_use: [409, 'This music is chosen in the video settings of some vehicles. Choose other music there first.'],

  // ---- Web negotiation --------------------------------------------------------------------------------------
  web_negotiation_over_limit: [409, 'The number of web negotiations for this period is used up.'],
  web_negotiation_in_past: [422, 'The meeting date and time must not be in the past.'],
  web_negotiation_running: [409, 'A running meeting cannot be edited.'],
  web_negotiation_closed: [409, 'This meeting is closed.'],
  web_negotiation_duplicate_invitee: [422, 'The same phone number or e-mail address appears twice in the invitations.'],
  web_negotiation_too_many_vehicles: [422, 'Too many vehicles are selected for the meeting.'],
  web_negotiation_documents_over_limit: [413, 'The meeting documents exceed the allowed count or size.'],
  web_negotiation_disabled: [403, 'Web negotiation is turned off for this domain.'],
  web_negotiation_not_started: [409, 'The meeting has not started yet. Open the link again shortly before the start time.'],

  // ---- Rate limit -------------------------------------------------------------------------------------------
  rate_limited: [429, 'Too many requests. Please wait and try again.'],
  speech_busy: [503, 'Text-to-audio is busy. Please try again in a moment.'],

  // ---- Sign-in paths and account links (issue 3) -------------------------------------------------------------
  link_invalid: [400, 'This link is not valid or was already used. Please request a new one.'],
  link_expired: [400, 'This link has expired. Please request a new one.'],
  two_step_enforced: [403, 'Two-step authentication is required for your domain and cannot be turned off.'],

  // ---- Legal texts and contact (issue 19) ---------------------------------------------------------------------
  legal_version_outdated: [409, 'A newer version of this text has been published. Please read it and accept again.'],
  legal_nothing_to_publish: [409, 'There is no draft to publish. Save a draft first.'],
  operator_unreachable: [503, 'The operator has no address to receive inquiries. Please try again later.'],

  // ---- Video sharing (issue 20): the service's own refusal is params.reason (uploadLimitExceeded, ...) ---------
  video_sharing_not_connected: [409, 'Connect your video channel first.'],
  video_sharing_state_invalid: [400, 'The channel authorization could not be confirmed. Please connect again.'],
  video_sharing_no_channel: [404, 'This account has no channel on the video site. Create one there first.'],
  video_sharing_refused: [409, 'The video site refused the request.'],
  video_sharing_unreachable: [503, 'The video site cannot be reached at the moment. Please try again later.'],

  // ---- AI options (issue 23): what a measuring method could not tell, said as it is -------------------------------
  front_not_found: [
    422,
    'The front of the vehicle could not be told from these frames (a red or orange car whose headlights do not stand out, a background as busy as the car, or no full turn). The spin is left as it was: choose the first frame yourself.',
  ],
  parts_not_found: [
    422,
    'No wheel, headlight or side mirror could be told apart on these frames, so nothing was proposed. Add the hotspots yourself.',
  ],
  ai_detector_unavailable: [
    409,
    'No detector for this is installed on this server, so nothing was proposed. Add the hotspots yourself.',
  ],
}) satisfies Record<string, { status: number; message: string }>;

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

import { z } from 'zod';
import { idSchema } from './common.ts';
import { CODE_DELIVERIES } from './profile.ts';

/**
 * Sign-in, devices and account recovery (`/v1/auth/...`, `/v1/login-activity/...`, `/v1/password-reset...`,
 * `/v1/activation/...`). The account rules themselves (e-mail format, password rules, retype) are account.ts's;
 * these bodies only bound sizes, because the services apply those rules so that a missing username or password
 * is a login failure (400) as the spec says, not a validation error.
 */

// ---- Sign-in ----------------------------------------------------------------------------------------------

export const tokenForm = z.object({
  grant_type: z.string().optional(),
  username: z.string().max(320).optional(),
  password: z.string().max(1024).optional(),
  scope: z.string().max(200).optional(),
  device: z.string().max(1000).optional(),
  application: z.string().max(1000).optional(),
});
export type TokenForm = z.input<typeof tokenForm>;

export const signedInAnswer = z
  .object({
    access_token: z.string(),
    'content-token': z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  })
  .describe('Signed in: keep both tokens.');
export type SignedInAnswer = z.output<typeof signedInAnswer>;

export const loginActivity = z.object({
  id: z.string().describe('Id of the session (its access token); send it as token_id to log the device out.'),
  device: z.string(),
  application: z.string(),
  ip: z.string(),
  created_at: z.string().describe('ISO 8601 time the device signed in.'),
  last_used_at: z.string().describe('ISO 8601 time of the last request (updated at most once a minute).'),
  current: z.boolean().describe('The session making this request (always false with a temporary token).'),
});
export type LoginActivityAnswer = z.output<typeof loginActivity>;

export const deviceListAnswer = z.object({
  login_activities: z.array(loginActivity).describe("The user's signed-in devices, most recently used first."),
  login_limit_count: z.number().int().nullable().describe('The simultaneous-login limit; null when there is none.'),
  service_name: z.string(),
  target_token_id: z.string().nullable().describe('Suggested device to log out: the one unused the longest.'),
});
export type DeviceListAnswer = z.output<typeof deviceListAnswer>;

export const loginLimitedAnswer = deviceListAnswer
  .extend({
    temporary_token: z.string().describe('Bearer for the device list and /v1/auth/token/continue (10 minutes).'),
    expires_in: z.number().int(),
  })
  .describe('Simultaneous-login limit reached: log a device out, then continue.');
export type LoginLimitedAnswer = z.output<typeof loginLimitedAnswer>;

export const secondStepAnswer = z
  .object({
    temporary_token: z.string().describe('Bearer for /v1/auth/token/two-step (10 minutes).'),
    expires_in: z.number().int(),
    delivery: z.array(z.enum(CODE_DELIVERIES)).describe('Where the 6-digit code was sent.'),
  })
  .describe('A second step is needed: enter the code that was sent.');
export type SecondStepAnswer = z.output<typeof secondStepAnswer>;

/** A call of a held sign-in: the temporary token, when it is not sent as a bearer token. */
export const heldForm = z.object({
  token: z.string().max(200).optional().describe('The temporary token, when it is not sent as a bearer token.'),
});

export const twoStepCodeForm = heldForm.extend({
  code: z.string().min(1).max(64).describe('The 6-digit code; spaces are ignored.'),
});
export type TwoStepCodeForm = z.input<typeof twoStepCodeForm>;

export const revokeForm = z.object({ token: z.string().max(200).optional() });
export const revokedAnswer = z.object({ revoked: z.literal(true) });

// ---- Devices ----------------------------------------------------------------------------------------------

export const deviceOwnerParams = z.object({
  id: z
    .union([z.literal('me'), idSchema])
    .describe('The user whose devices these are: their id, or `me`. Only the user themself is allowed.'),
});

export const deviceLogoutForm = z.object({ token_id: idSchema.describe('`id` of an entry of login_activities.') });
export type DeviceLogoutForm = z.input<typeof deviceLogoutForm>;

// ---- Recovery ---------------------------------------------------------------------------------------------

export const recoveryEmailForm = z.object({
  email: z.string().max(1000).describe('The e-mail address (username) of the account.'),
});
export type RecoveryEmailForm = z.input<typeof recoveryEmailForm>;

export const acceptedAnswer = z
  .object({ accepted: z.literal(true) })
  .describe('Always the same answer, whether or not the address is registered.');

/** A password-reset link, checked before the new password is asked for. */
export const passwordResetCheckAnswer = z.object({
  email: z.string().describe('The account address, masked (ta***@example.com).'),
  first_password: z
    .boolean()
    .describe('The account has no password yet: it was just activated and chooses its first one.'),
});
export type PasswordResetCheckAnswer = z.output<typeof passwordResetCheckAnswer>;

export const passwordResetForm = z.object({ password: z.string().max(1024), retypedPassword: z.string().max(1024) });
export type PasswordResetForm = z.input<typeof passwordResetForm>;
export const passwordResetAnswer = z.object({
  reset: z.literal(true),
  first_password: z.boolean().describe('This was the account’s first password (the end of its activation).'),
});
export type PasswordResetAnswer = z.output<typeof passwordResetAnswer>;

export const ACTIVATION_STATUSES = ['activated', 'already_active'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

export const activationAnswer = z.object({
  status: z.enum(ACTIVATION_STATUSES),
  email: z.string().describe('The account address, masked.'),
  password_token: z
    .string()
    .optional()
    .describe(
      'Present when the account has no password yet: open /user/password/confirmation/{password_token} ' +
        'to choose one (valid like a password-reset link).',
    ),
});
export type ActivationAnswer = z.output<typeof activationAnswer>;

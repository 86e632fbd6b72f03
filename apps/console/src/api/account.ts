import type {
  ActivationAnswer,
  EmailChange,
  EmailChangeRequestedAnswer,
  EmailConfirmedAnswer,
  PasswordChange,
  PasswordResetCheckAnswer,
  RegistrationAnswer,
  RegistrationBody,
  TwoStepAnswer,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { type CodeDelivery, type DeviceList, deviceListOf } from './loginAnswer.ts';
import { PROFILE_QUERY_KEY } from './profile.ts';
import { sessionCache } from './sessionCache.ts';

/**
 * The account calls of the sign-in paths and of the user's own account (second document, section 7 "Account
 * API"; the answers' shapes are the domain package's schemas, which the server's routes answer with). Every call is
 * silent: the screens show refusals beside their fields (see features/auth/formErrors.ts), and signed-in calls
 * hand a 401 to the usual end-of-session reaction there.
 */

const enc = encodeURIComponent;

// ---- Password reset (public) --------------------------------------------------------------------------------

/** POST /v1/password-reset: always 200, whether or not the address is registered. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/v1/password-reset', { method: 'POST', auth: 'none', errors: 'silent', json: { email } });
}

/** GET /v1/password-reset/{token}: the masked address of the account, or 400 password_reset_expired / _failed. */
export async function checkPasswordReset(token: string): Promise<{ email: string; firstPassword: boolean }> {
  const { data } = await apiRequest<PasswordResetCheckAnswer>(`/v1/password-reset/${enc(token)}`, {
    auth: 'none',
    errors: 'silent',
  });
  // The account's first password (right after activation): the screens speak of activation, not of a reset.
  return { email: data.email, firstPassword: data.first_password };
}

/** POST /v1/password-reset/{token}: 200 reset (every session of the user ends), 422 fields, 400 link refused. */
export async function completePasswordReset(
  token: string,
  body: { password: string; retypedPassword: string },
): Promise<void> {
  await apiRequest(`/v1/password-reset/${enc(token)}`, { method: 'POST', auth: 'none', errors: 'silent', json: body });
}

// ---- Activation (public) ------------------------------------------------------------------------------------

/** GET /v1/activation/activate/{token}: activates on open; 400 link_expired or link_invalid. */
export async function activateAccount(
  token: string,
): Promise<{ status: ActivationAnswer['status']; email: string; passwordToken?: string }> {
  const { data } = await apiRequest<ActivationAnswer>(`/v1/activation/activate/${enc(token)}`, {
    auth: 'none',
    errors: 'silent',
  });
  return {
    status: data.status,
    email: data.email,
    // Present when the account was made without a password: the next step is choosing one.
    ...(data.password_token ? { passwordToken: data.password_token } : {}),
  };
}

/** POST /v1/activation/resend: 200 whatever the address. */
export async function resendActivation(email: string): Promise<void> {
  await apiRequest('/v1/activation/resend', { method: 'POST', auth: 'none', errors: 'silent', json: { email } });
}

// ---- Self-registration (public) ----------------------------------------------------------------------------

export type SuperUserRegistration = RegistrationBody;

/**
 * POST /v1/superusers-create (/user/entry): a new company and its account holder, waiting for activation; 422
 * fields (terms_not_accepted on accept_terms), 409 email_already_registered, 429 throttled.
 */
export async function registerSuperUser(
  body: SuperUserRegistration,
): Promise<{ id: string; email: string; activationMailSent: boolean; purchase: RegistrationAnswer['purchase'] }> {
  const { data } = await apiRequest<RegistrationAnswer>('/v1/superusers-create', {
    method: 'POST',
    auth: 'none',
    errors: 'silent',
    json: body,
  });
  return { id: data.id, email: data.email, activationMailSent: data.activation_mail_sent, purchase: data.purchase };
}

// ---- E-mail change confirmation (public) --------------------------------------------------------------------

/** POST /v1/profile/email/confirm/{token}: the new sign-in address; 400 link_expired / link_invalid, 409 taken. */
export async function confirmEmailChange(token: string): Promise<{ email: string }> {
  const { data } = await apiRequest<EmailConfirmedAnswer>(`/v1/profile/email/confirm/${enc(token)}`, {
    method: 'POST',
    auth: 'none',
    errors: 'silent',
  });
  return { email: data.email };
}

// ---- The signed-in user's account ---------------------------------------------------------------------------

export type PasswordChangeBody = PasswordChange;

/** POST /v1/profile/password: other devices are signed out, this one stays. */
export async function changePassword(body: PasswordChangeBody): Promise<void> {
  await apiRequest('/v1/profile/password', { method: 'POST', errors: 'silent', json: body });
}

export type EmailChangeBody = EmailChange;

/** POST /v1/profile/email: a confirmation link goes to the new address; the change waits for it. */
export async function requestEmailChange(body: EmailChangeBody): Promise<{ newEmail: string }> {
  const { data } = await apiRequest<EmailChangeRequestedAnswer>('/v1/profile/email', {
    method: 'POST',
    errors: 'silent',
    json: body,
  });
  return { newEmail: data.new_email };
}

/** GET/POST /v1/profile/authentication. */
export type TwoStepSettings = TwoStepAnswer;

export function twoStepSettingsOf(body: unknown): TwoStepSettings {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const delivery = Array.isArray(b.delivery)
    ? b.delivery.filter((d): d is CodeDelivery => d === 'mail' || d === 'sms')
    : [];
  return {
    enabled: b.enabled === true,
    enforced: b.enforced === true,
    available: b.available === true,
    required: b.required === true,
    delivery: delivery.length > 0 ? delivery : ['mail'],
  };
}

export const TWO_STEP_QUERY_KEY = ['profile', 'authentication'] as const;

export async function fetchTwoStepSettings(): Promise<TwoStepSettings> {
  const { data } = await apiRequest<unknown>('/v1/profile/authentication', { errors: 'silent' });
  return twoStepSettingsOf(data);
}

/** 403 two_step_enforced when turning off where the domain requires it; 403 forbidden where it is not offered. */
export async function setTwoStep(enabled: boolean): Promise<TwoStepSettings> {
  const { data } = await apiRequest<unknown>('/v1/profile/authentication', {
    method: 'POST',
    errors: 'silent',
    json: { enabled },
  });
  return twoStepSettingsOf(data);
}

export const DEVICES_QUERY_KEY = ['login-activity', 'me'] as const;

/** GET /v1/login-activity/me with the access token: every live session of the user, this one marked current. */
export async function fetchMyDevices(): Promise<DeviceList> {
  const { data } = await apiRequest<unknown>('/v1/login-activity/me', { errors: 'silent' });
  return deviceListOf(data);
}

/** POST /v1/login-activity/me: logs that session out (saved vehicles and images are untouched); the new list. */
export async function logoutMyDevice(tokenId: string): Promise<DeviceList> {
  const { data } = await apiRequest<unknown>('/v1/login-activity/me', {
    method: 'POST',
    errors: 'silent',
    json: { token_id: tokenId },
  });
  return deviceListOf(data);
}

// ---- Mutation hooks: each owns what its success makes stale ---------------------------------------------------

/** The new password signs the other devices out: their rows leave the device list. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => void client.invalidateQueries({ queryKey: DEVICES_QUERY_KEY }),
  });
}

/** The answer is the new device list: shown at once, without a second read. */
export function useLogoutMyDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: { id: string }) => logoutMyDevice(device.id),
    onSuccess: (list) => client.setQueryData(DEVICES_QUERY_KEY, list),
  });
}

/**
 * The confirmation of a mailed e-mail change link, run once per link (a cached query: a second call would answer
 * "already used"). Its success changes the signed-in address, so the cached profile (the top bar's address) is
 * read again.
 */
export function useEmailConfirmation(token: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['email-confirmation', token],
    queryFn: async () => {
      const confirmed = await confirmEmailChange(token);
      sessionCache.clear();
      void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      return confirmed;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Nothing changes until the link mailed to the new address is opened. */
export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** The settings come back in the answer; the profile carries the flag too (two_step_auth). */
export function useSetTwoStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setTwoStep,
    onSuccess: (next) => {
      client.setQueryData(TWO_STEP_QUERY_KEY, next);
      sessionCache.clear();
      void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY, exact: true });
    },
  });
}

/** Public: a new company and its account holder, nothing cached yet. */
export function useRegisterSuperUser() {
  return useMutation({ mutationFn: registerSuperUser });
}

/** Public: the new password for the account of the link. */
export function useCompletePasswordReset(token: string) {
  return useMutation({
    mutationFn: (body: { password: string; retypedPassword: string }) => completePasswordReset(token, body),
  });
}

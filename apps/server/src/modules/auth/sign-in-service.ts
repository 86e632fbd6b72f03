import { randomInt, randomUUID } from 'node:crypto';
import {
  canSignIn,
  effectiveLoginLimit,
  formatTwoStepCode,
  isLoginLimitReached,
  isTwoStepCodeFormat,
  isTwoStepRequired,
  judgeTwoStepCode,
  normaliseTwoStepCode,
  readDomainOptions,
  TWO_STEP_CODE_LENGTH,
  TWO_STEP_CODE_TTL_MS,
  TWO_STEP_MAX_ATTEMPTS,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { checkSignInHost } from './host-rule.ts';
import { twoStepCodeMail, twoStepCodeSms } from './mails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { LOGIN_THROTTLE, retryAfterSeconds } from './rate-limit.ts';
import { type AuthRepo, authRepo } from './repo.ts';
import type { AuthService, DeviceCaller } from './service.ts';
import type { DeviceList, FinishAnswer, LoginInput, SignInAnswer } from './sign-in-types.ts';
import { hashToken, newToken } from './tokens.ts';

type TemporaryPurpose = 'login_limit' | 'two_step';

/** How long a sign-in held at the login limit waits for a device to be logged out. */
export const LOGIN_LIMIT_TOKEN_TTL_MS = 10 * 60 * 1000;

const MAX_DEVICE_LENGTH = 200;

type SignInUser = NonNullable<Awaited<ReturnType<AuthRepo['findUserWithDomain']>>>;

interface Device {
  device: string;
  application: string;
  ip: string;
}

export type SignInLog = (msg: string, fields: Record<string, unknown>) => void;

/**
 * Every sign-in path of the spec (first document section 4, second document section 7): 200 signed in, 201 the
 * simultaneous-login limit, 202 a second step; then the calls that finish a held sign-in (the two-step code,
 * continuing after a device was logged out) and the device list itself.
 */
export function signInService(deps: {
  db: Db;
  auth: AuthService;
  mail: MailQueue;
  sms?: SmsSender | undefined;
  log?: SignInLog;
  now?: () => Date;
  /** SPINYARD_PRODUCT_HOST, for the sign-in host rule. */
  productHost?: string;
}) {
  const { db, auth } = deps;
  const repo = authRepo(db);
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => undefined);

  async function refuse(
    ip: string,
    username: string,
    code: 'login_failed' | 'account_not_active' = 'login_failed',
  ): Promise<never> {
    await repo.recordAttempt(ip, username, false);
    throw new AppError(code);
  }

  async function throttle(ip: string, username: string): Promise<void> {
    const since = new Date(now().getTime() - LOGIN_THROTTLE.windowMs);
    const wait = retryAfterSeconds(await repo.recentFailures(ip, username, since), now());
    if (wait > 0) throw new AppError('too_many_attempts', { retryAfterSeconds: wait });
  }

  function loginLimitOf(user: SignInUser) {
    const options = readDomainOptions(user.domain_options);
    return {
      mode: options.login_limit_mode,
      limit: effectiveLoginLimit(user.login_limit_count, options.login_limit_count),
    };
  }

  async function deviceList(r: AuthRepo, user: SignInUser, currentSessionId?: string): Promise<DeviceList> {
    const rows = await r.listLiveSessions(user.id);
    // Listed most recently used first; the suggestion is the last one, the device left alone the longest.
    const oldest = rows.at(-1);
    return {
      login_activities: rows.map((row) => ({
        id: row.id,
        device: row.device,
        application: row.application,
        ip: row.ip,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at.toISOString(),
        current: row.session_id === currentSessionId,
      })),
      login_limit_count: loginLimitOf(user).limit,
      service_name: user.domain_service_name,
      target_token_id: oldest?.id ?? null,
    };
  }

  async function newTemporaryToken(
    r: AuthRepo,
    user: SignInUser,
    device: Device,
    purpose: TemporaryPurpose,
    ttlMs: number,
  ): Promise<{ token: string; sessionId: string }> {
    const sessionId = randomUUID();
    const temporary = newToken();
    await r.insertTokens([
      {
        userId: user.id,
        sessionId,
        kind: 'temporary',
        hash: temporary.hash,
        ...device,
        expiresAt: new Date(now().getTime() + ttlMs),
        purpose,
      },
    ]);
    return { token: temporary.token, sessionId };
  }

  /**
   * The last step of every path: under the login limit the real tokens are issued; at the limit the sign-in is
   * held with a temporary token (or keeps the one it came with). Counting and inserting happen under a lock of
   * what is counted, so two devices signing in at once cannot both take the last place.
   */
  async function finish(
    user: SignInUser,
    device: Device,
    held?: { token: string; sessionId: string; expiresAt: Date },
  ): Promise<FinishAnswer> {
    const { mode, limit } = loginLimitOf(user);
    return db.transaction().execute(async (trx): Promise<FinishAnswer> => {
      const r = authRepo(trx);
      if (limit !== null) {
        await r.lockLoginLimit(mode === 'per_domain' ? `domain:${user.domain_id}` : `user:${user.id}`);
        // Only the count the mode reads is taken; the other would be a query for nothing.
        const reached = isLoginLimitReached({
          mode,
          limit,
          activeSessionsForAccount: mode === 'per_account' ? await r.countLiveSessions({ userId: user.id }) : 0,
          activeSessionsForDomain: mode === 'per_domain' ? await r.countLiveSessions({ domainId: user.domain_id }) : 0,
        });
        if (reached) {
          // Checked under the lock: a simultaneous continue may have turned this held sign-in into a session.
          if (held && !(await r.isSessionLive(held.sessionId))) throw new AppError('not_authenticated');
          const list = await deviceList(r, user);
          // Per domain, the places may all be taken by colleagues: this user can log out only their own devices,
          // so with none of their own there is nothing to offer.
          if (list.login_activities.length === 0) throw new AppError('login_device_limit_reached');
          const temporary = held ?? {
            token: (await newTemporaryToken(r, user, device, 'login_limit', LOGIN_LIMIT_TOKEN_TTL_MS)).token,
            expiresAt: new Date(now().getTime() + LOGIN_LIMIT_TOKEN_TTL_MS),
          };
          return {
            status: 201,
            body: {
              temporary_token: temporary.token,
              expires_in: Math.max(0, Math.floor((temporary.expiresAt.getTime() - now().getTime()) / 1000)),
              ...list,
            },
          };
        }
      }
      // A held sign-in becomes a real one once: of two simultaneous continues, the second finds it revoked.
      if (held && (await r.revokeSession(held.sessionId)) === 0) throw new AppError('not_authenticated');
      const sessionId = randomUUID();
      const access = newToken();
      const content = newToken();
      const expiresAt = new Date(now().getTime() + auth.accessTokenTtlMs);
      await r.insertTokens([
        { userId: user.id, sessionId, kind: 'access', hash: access.hash, ...device, expiresAt },
        { userId: user.id, sessionId, kind: 'content', hash: content.hash, ...device, expiresAt },
      ]);
      await userAccounts(trx).markLogin(user.id);
      return {
        status: 200,
        body: {
          access_token: access.token,
          'content-token': content.token,
          token_type: 'bearer',
          expires_in: Math.floor(auth.accessTokenTtlMs / 1000),
        },
      };
    });
  }

  /** Mail always; SMS too when the user has a phone and an SMS backend is set. A failed SMS is logged, not fatal. */
  async function sendCode(user: SignInUser, code: string, challengeId: string): Promise<('mail' | 'sms')[]> {
    await deps.mail.send(
      twoStepCodeMail(user.email, user.domain_service_name, code, TWO_STEP_CODE_TTL_MS),
      `two-step:${challengeId}`,
    );
    const delivery: ('mail' | 'sms')[] = ['mail'];
    const phone = user.phone.trim();
    if (deps.sms && phone) {
      try {
        await deps.sms.send(phone, twoStepCodeSms(user.domain_service_name, code, TWO_STEP_CODE_TTL_MS));
        delivery.push('sms');
      } catch (error) {
        log('Two-step code SMS failed', { userId: user.id, error: String(error) });
      }
    }
    return delivery;
  }

  async function startTwoStep(user: SignInUser, device: Device): Promise<SignInAnswer> {
    const code = formatTwoStepCode(randomInt(0, 10 ** TWO_STEP_CODE_LENGTH));
    // argon2 rather than a plain digest: a million possible codes would fall to a dictionary in no time.
    const codeHash = await hashPassword(code);
    const { token, challengeId } = await db.transaction().execute(async (trx) => {
      const r = authRepo(trx);
      const temporary = await newTemporaryToken(r, user, device, 'two_step', TWO_STEP_CODE_TTL_MS);
      const challenge = await r.insertChallenge({
        userId: user.id,
        sessionId: temporary.sessionId,
        codeHash,
        expiresAt: new Date(now().getTime() + TWO_STEP_CODE_TTL_MS),
      });
      return { token: temporary.token, challengeId: challenge.id };
    });
    const delivery = await sendCode(user, code, challengeId);
    return {
      status: 202,
      body: { temporary_token: token, expires_in: Math.floor(TWO_STEP_CODE_TTL_MS / 1000), delivery },
    };
  }

  /**
   * `{id}` of /login-activity/{id} names whose devices these are. Only the user themself may list or log out their
   * devices (`me` or their own id): another user's sessions are theirs to end, or the operator's by disabling the
   * account.
   */
  function checkOwner(caller: DeviceCaller, id: string): void {
    if (id !== 'me' && id !== caller.userId) throw new AppError('forbidden');
  }

  async function devices(caller: DeviceCaller, id = 'me'): Promise<DeviceList> {
    checkOwner(caller, id);
    const user = await repo.findUserWithDomain(caller.userId);
    if (!user) throw new AppError('not_authenticated');
    return deviceList(repo, user, caller.sessionId);
  }

  /** A live temporary token of the given purpose with its (still allowed) user; what ended it otherwise. */
  async function heldSignIn(token: string | undefined, purpose: TemporaryPurpose) {
    if (!token) throw new AppError('not_authenticated');
    const found = await repo.findTemporaryToken(hashToken(token));
    // Unknown, of another purpose, or ended (revoked after too many codes, or finished): nothing to go on with,
    // and a 401 sends the console back to the login screen.
    if (!found || found.purpose !== purpose || found.revoked_at !== null || found.user_deleted_at !== null) {
      throw new AppError('not_authenticated');
    }
    const user = await repo.findUserWithDomain(found.user_id);
    if (!user || !canSignIn(user.status)) throw new AppError('not_authenticated');
    return { found, user, device: { device: found.device, application: found.application, ip: found.ip } };
  }

  return {
    async login(input: LoginInput, ip: string, host?: string): Promise<SignInAnswer> {
      const username = input.username?.trim().toLowerCase() ?? '';
      const password = input.password ?? '';
      const missing = [
        ...(username ? [] : [fieldError('username', 'required', 'Enter your e-mail address.')]),
        ...(password ? [] : [fieldError('password', 'required', 'Enter your password.')]),
      ];
      if (missing.length > 0) throw new AppError('login_failed', { fields: missing });
      if (input.grant_type !== undefined && input.grant_type !== 'password') {
        throw new AppError('login_failed', {
          fields: [fieldError('grant_type', 'one_of', 'grant_type must be "password".')],
        });
      }
      await throttle(ip, username);

      const user = await repo.findUserWithDomainByEmail(username);
      const passwordOk = await verifyPassword(user?.password_hash, password);
      if (!user || !passwordOk) return refuse(ip, username);
      if (!canSignIn(user.status)) {
        // Its own code (after the right password only, so it tells a guesser nothing): the console translates it.
        return refuse(ip, username, 'account_not_active');
      }
      await checkSignInHost(db, {
        requestHost: host,
        userDomainHost: user.domain_host,
        productHost: deps.productHost ?? 'localhost',
      });

      const device = {
        device: (input.device ?? '').slice(0, MAX_DEVICE_LENGTH),
        application: (input.application ?? '').slice(0, MAX_DEVICE_LENGTH),
        ip,
      };
      const options = readDomainOptions(user.domain_options);
      const twoStep = isTwoStepRequired({
        userForced: user.two_step_forced,
        userEnabled: user.two_step_auth,
        domainEnabled: options.two_step_auth,
        domainEnforced: options.two_step_auth_enforced,
      });
      // Earlier failures are forgiven only once the whole sign-in succeeds: a password alone does not reset the
      // counter that also limits guesses of the two-step code.
      if (twoStep) return startTwoStep(user, device);
      await repo.recordAttempt(ip, username, true);
      await repo.clearUsernameFailures(username);
      return finish(user, device);
    },

    /**
     * The second step. Each submission spends one of the challenge's attempts before the code is compared, in
     * one atomic update, so parallel guesses cannot exceed the limit; a wrong code also counts as a failed login
     * of the username, so signing in again and again does not buy unlimited guesses.
     */
    async twoStep(token: string | undefined, submitted: string, ip: string): Promise<FinishAnswer> {
      const { found, user, device } = await heldSignIn(token, 'two_step');
      const username = user.email.toLowerCase();
      await throttle(ip, username);
      const challenge = await repo.findOpenChallenge(found.session_id);
      if (!challenge) throw new AppError('not_authenticated');

      const spent = await repo.spendAttempt(challenge.id, TWO_STEP_MAX_ATTEMPTS);
      const code = normaliseTwoStepCode(submitted);
      const matches =
        spent !== undefined && isTwoStepCodeFormat(code) && (await verifyPassword(challenge.code_hash, code));
      const expiresAtMs = Math.min(challenge.expires_at.getTime(), found.expires_at.getTime());
      const verdict = judgeTwoStepCode(
        // The attempt spent for this submission is not yet a wrong one.
        { attempts: spent === undefined ? TWO_STEP_MAX_ATTEMPTS : spent - 1, expiresAtMs, consumed: false },
        submitted,
        () => matches,
        now().getTime(),
      );

      if (!verdict.ok) {
        if (verdict.countAttempt) await repo.recordAttempt(ip, username, false);
        const dead =
          verdict.reason === 'two_step_code_expired' || spent === undefined || spent >= TWO_STEP_MAX_ATTEMPTS;
        // A dead challenge takes its temporary token with it: the next call is a 401 and the user signs in again.
        if (dead) await repo.revokeSession(found.session_id);
        throw new AppError(verdict.reason);
      }
      if (!(await repo.consumeChallenge(challenge.id))) throw new AppError('not_authenticated');
      await repo.revokeSession(found.session_id);
      await repo.recordAttempt(ip, username, true);
      await repo.clearUsernameFailures(username);
      return finish(user, device);
    },

    /** After a device was logged out: the real tokens once under the limit, else the 201 again. */
    async continueSignIn(token: string | undefined): Promise<FinishAnswer> {
      const { found, user, device } = await heldSignIn(token, 'login_limit');
      if (found.expires_at.getTime() <= now().getTime()) throw new AppError('not_authenticated');
      return finish(user, device, { token: token ?? '', sessionId: found.session_id, expiresAt: found.expires_at });
    },

    devices,

    /**
     * Logs one device out: every token of that session (access and content), nothing else. Saved vehicles and
     * images belong to the user, not to a session, so they are untouched.
     */
    async logoutDevice(caller: DeviceCaller, id: string, tokenId: string): Promise<DeviceList> {
      checkOwner(caller, id);
      const sessionId = await repo.findLiveSessionOf(caller.userId, tokenId);
      if (!sessionId) throw new AppError('not_found');
      await repo.revokeSession(sessionId);
      return devices(caller);
    },
  };
}

export type SignInService = ReturnType<typeof signInService>;

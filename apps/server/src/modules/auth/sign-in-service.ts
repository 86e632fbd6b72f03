import {
  canSignIn,
  isTwoStepCodeFormat,
  isTwoStepRequired,
  judgeTwoStepCode,
  normaliseTwoStepCode,
  readDomainOptions,
  TWO_STEP_FAILURE_WINDOW_MS,
  TWO_STEP_MAX_ATTEMPTS,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { checkSignInHost } from './host-rule.ts';
import { verifyPassword } from './passwords.ts';
import { failureThrottle, loginFailureSince, retryAfterSeconds } from './rate-limit.ts';
import { authRepo } from './repo.ts';
import type { AuthService, DeviceCaller } from './service.ts';
import { deviceList, signInTokens, type TemporaryPurpose } from './sign-in-finish.ts';
import { type SignInLog, startTwoStep } from './sign-in-two-step.ts';
import type { DeviceList, FinishAnswer, LoginInput, SignInAnswer } from './sign-in-types.ts';
import { hashToken } from './tokens.ts';

const MAX_DEVICE_LENGTH = 200;

export interface SignInDeps {
  db: Db;
  auth: AuthService;
  mail: MailQueue;
  sms?: SmsSender | undefined;
  log?: SignInLog;
  now?: () => Date;
  /** SPINYARD_PRODUCT_HOST, for the sign-in host rule. */
  productHost?: string;
}

/** What every sign-in path shares: the repository, the clock, the throttle, the held sign-in and its finish. */
function signInCore(deps: SignInDeps) {
  const { db } = deps;
  const repo = authRepo(db);
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => undefined);
  const tokens = signInTokens({ db, auth: deps.auth, now });
  // Wrong two-step codes count per account too, from any address: only a holder of the password gets there.
  const codeThrottle = failureThrottle(db, 'two_step_code', TWO_STEP_MAX_ATTEMPTS, TWO_STEP_FAILURE_WINDOW_MS);

  async function refuse(
    ip: string,
    username: string,
    code: 'login_failed' | 'account_not_active' = 'login_failed',
  ): Promise<never> {
    await repo.recordAttempt(ip, username, false);
    throw new AppError(code);
  }

  async function throttle(ip: string, username: string): Promise<void> {
    const wait = retryAfterSeconds(await repo.recentFailures(ip, username, loginFailureSince(now())), now());
    if (wait > 0) throw new AppError('too_many_attempts', { retryAfterSeconds: wait });
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
    deps,
    db,
    repo,
    now,
    twoStepContext: { db, mail: deps.mail, sms: deps.sms, log, now, tokens },
    finish: tokens.finish,
    refuse,
    throttle,
    codeThrottle,
    heldSignIn,
  };
}

type SignInCore = ReturnType<typeof signInCore>;

/** The first call of a sign-in (first document section 4): 200 signed in, 201 at the login limit, 202 two-step. */
function passwordSignIn(core: SignInCore) {
  const { deps, db, repo, refuse, throttle, finish } = core;
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
      if (twoStep) {
        await core.codeThrottle.assertAllowed(`user:${user.id}`, core.now());
        return startTwoStep(core.twoStepContext, user, device);
      }
      await repo.recordAttempt(ip, username, true);
      await repo.clearFailures(ip, username);
      return finish(user, device);
    },
  };
}

/**
 * The calls that finish a held sign-in (second document section 7): the two-step code, or continuing after a
 * device was logged out.
 */
function heldSignIns(core: SignInCore) {
  const { repo, now, throttle, codeThrottle, heldSignIn, finish } = core;
  return {
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
        if (verdict.countAttempt) {
          await repo.recordAttempt(ip, username, false);
          await codeThrottle.recordFailure(`user:${user.id}`);
        }
        const dead =
          verdict.reason === 'two_step_code_expired' || spent === undefined || spent >= TWO_STEP_MAX_ATTEMPTS;
        // A dead challenge takes its temporary token with it: the next call is a 401 and the user signs in again.
        if (dead) await repo.revokeSession(found.session_id);
        throw new AppError(verdict.reason);
      }
      if (!(await repo.consumeChallenge(challenge.id))) throw new AppError('not_authenticated');
      await repo.revokeSession(found.session_id);
      await repo.recordAttempt(ip, username, true);
      await repo.clearFailures(ip, username);
      return finish(user, device);
    },

    /** After a device was logged out: the real tokens once under the limit, else the 201 again. */
    async continueSignIn(token: string | undefined): Promise<FinishAnswer> {
      const { found, user, device } = await heldSignIn(token, 'login_limit');
      if (found.expires_at.getTime() <= now().getTime()) throw new AppError('not_authenticated');
      return finish(user, device, { token: token ?? '', sessionId: found.session_id, expiresAt: found.expires_at });
    },
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

/** The signed-in user's device list and logging one device out. */
function deviceSessions(core: SignInCore) {
  const { repo } = core;

  async function devices(caller: DeviceCaller, id = 'me'): Promise<DeviceList> {
    checkOwner(caller, id);
    const user = await repo.findUserWithDomain(caller.userId);
    if (!user) throw new AppError('not_authenticated');
    return deviceList(repo, user, caller.sessionId);
  }

  return {
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

/**
 * Every sign-in path of the spec (first document section 4, second document section 7): 200 signed in, 201 the
 * simultaneous-login limit, 202 a second step; then the calls that finish a held sign-in (the two-step code,
 * continuing after a device was logged out) and the device list itself.
 */
export function signInService(deps: SignInDeps) {
  const core = signInCore(deps);
  return { ...passwordSignIn(core), ...heldSignIns(core), ...deviceSessions(core) };
}

export type SignInService = ReturnType<typeof signInService>;

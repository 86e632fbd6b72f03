import { randomUUID } from 'node:crypto';
import { effectiveLoginLimit, isLoginLimitReached, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { type AuthRepo, authRepo } from './repo.ts';
import type { AuthService } from './service.ts';
import type { DeviceList, FinishAnswer } from './sign-in-types.ts';
import { newToken } from './tokens.ts';

/**
 * What a temporary token holds a sign-in for: a free place under the login limit, the two-step code, or a new
 * dealer's first payment waiting on its 3-D Secure challenge (first-payment-hold.ts).
 */
export type TemporaryPurpose = 'login_limit' | 'two_step' | 'first_payment';

/** How long a sign-in held at the login limit waits for a device to be logged out. */
export const LOGIN_LIMIT_TOKEN_TTL_MS = 10 * 60 * 1000;

export type SignInUser = NonNullable<Awaited<ReturnType<AuthRepo['findUserWithDomain']>>>;

/** Where a sign-in comes from, as the device list shows it. */
export interface Device {
  device: string;
  application: string;
  ip: string;
}

function loginLimitOf(user: SignInUser) {
  const options = readDomainOptions(user.domain_options);
  return {
    mode: options.login_limit_mode,
    limit: effectiveLoginLimit(user.login_limit_count, options.login_limit_count),
  };
}

/** The user's live devices, the limit they count against, and the one suggested for logging out. */
export async function deviceList(r: AuthRepo, user: SignInUser, currentSessionId?: string): Promise<DeviceList> {
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

/**
 * The tokens of a sign-in: the temporary one that holds it (at the login limit, or waiting for the two-step code)
 * and the real ones that end it.
 */
export function signInTokens(deps: { db: Db; auth: AuthService; now: () => Date }) {
  const { db, auth, now } = deps;

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

  return { newTemporaryToken, finish };
}

export type SignInTokens = ReturnType<typeof signInTokens>;

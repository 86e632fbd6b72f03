import { randomUUID } from 'node:crypto';
import type { PrivilegeType, UserStatus } from '@spinyard/domain';
import { AppError, fieldError } from '../../errors.ts';
import { verifyPassword } from './passwords.ts';
import { LOGIN_THROTTLE, retryAfterSeconds } from './rate-limit.ts';
import type { AuthRepo } from './repo.ts';
import { hashToken, newToken } from './tokens.ts';

export interface LoginInput {
  grant_type?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  scope?: string | undefined;
  device?: string | undefined;
  application?: string | undefined;
}

export interface LoginResult {
  access_token: string;
  'content-token': string;
  token_type: 'bearer';
  expires_in: number;
}

/** Who is calling, as every service sees it after authentication. */
export interface Actor {
  userId: string;
  sessionId: string;
  domainId: string;
  companyId: string | null;
  privilegeType: PrivilegeType;
  status: UserStatus;
}

// Users in these statuses keep their console (cancel_pending keeps service until the term ends; expired
// users must reach the payment-failure page to pay); the others cannot sign in.
const STATUSES_ALLOWED_TO_SIGN_IN: readonly UserStatus[] = ['active', 'cancel_pending', 'expired'];

const MAX_DEVICE_LENGTH = 200;

export function authService(deps: { repo: AuthRepo; tokenTtlHours: number; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = deps.tokenTtlHours * 3600 * 1000;

  async function refuse(ip: string, username: string, message?: string): Promise<never> {
    await repo.recordAttempt(ip, username, false);
    throw new AppError('login_failed', message ? { message } : {});
  }

  return {
    async login(input: LoginInput, ip: string): Promise<LoginResult> {
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

      const since = new Date(now().getTime() - LOGIN_THROTTLE.windowMs);
      const wait = retryAfterSeconds(await repo.recentFailures(ip, username, since), now());
      if (wait > 0) throw new AppError('too_many_attempts', { retryAfterSeconds: wait });

      const user = await repo.findUserByEmail(username);
      const passwordOk = await verifyPassword(user?.password_hash, password);
      if (!user || !passwordOk) return refuse(ip, username);
      if (!STATUSES_ALLOWED_TO_SIGN_IN.includes(user.status)) {
        return refuse(ip, username, 'This account is not active. Contact your administrator.');
      }

      const sessionId = randomUUID();
      const access = newToken();
      const content = newToken();
      const expiresAt = new Date(now().getTime() + ttlMs);
      const device = (input.device ?? '').slice(0, MAX_DEVICE_LENGTH);
      const application = (input.application ?? '').slice(0, MAX_DEVICE_LENGTH);
      await repo.insertTokens([
        { userId: user.id, sessionId, kind: 'access', hash: access.hash, device, application, ip, expiresAt },
        { userId: user.id, sessionId, kind: 'content', hash: content.hash, device, application, ip, expiresAt },
      ]);
      await repo.recordAttempt(ip, username, true);
      await repo.clearUsernameFailures(username);
      await repo.markLogin(user.id);
      return {
        access_token: access.token,
        'content-token': content.token,
        token_type: 'bearer',
        expires_in: Math.floor(ttlMs / 1000),
      };
    },

    /** Revoking is idempotent and says nothing about whether the token existed. */
    async revoke(token: string | undefined): Promise<void> {
      if (!token) return;
      await repo.revokeSessionOf(hashToken(token));
    },

    /**
     * The actor behind a bearer token, or a 401. Tokens slide: each use pushes the expiry forward, written at
     * most once a minute so a busy console does not write on every request.
     */
    async authenticate(token: string | undefined, kind: 'access' | 'content'): Promise<Actor> {
      if (!token) throw new AppError('not_authenticated');
      const found = await repo.findLiveToken(hashToken(token), [kind]);
      if (!found || !STATUSES_ALLOWED_TO_SIGN_IN.includes(found.status)) throw new AppError('not_authenticated');
      if (now().getTime() - found.last_used_at.getTime() > 60_000) {
        await repo.touchToken(found.token_id, new Date(now().getTime() + ttlMs));
      }
      return {
        userId: found.user_id,
        sessionId: found.session_id,
        domainId: found.domain_id,
        companyId: found.company_id,
        privilegeType: found.privilege_type,
        status: found.status,
      };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

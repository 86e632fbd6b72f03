import { canSignIn, type PrivilegeType, type UserStatus } from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import type { AuthRepo } from './repo.ts';
import { hashToken } from './tokens.ts';

/** Who is calling, as every service sees it after authentication. */
export interface Actor {
  userId: string;
  sessionId: string;
  domainId: string;
  companyId: string | null;
  privilegeType: PrivilegeType;
  status: UserStatus;
}

/** A caller of the device-list endpoints: a signed-in user, or a sign-in held at the login limit. */
export interface DeviceCaller {
  userId: string;
  /** The caller's own session when signed in (marked `current` in the list); absent for a temporary token. */
  sessionId: string | undefined;
  via: 'access' | 'temporary';
}

/**
 * Sessions: authenticating bearer tokens and revoking them. Built once by the app (the scopes that check tokens
 * use it) and shared with the modules through the context.
 */
export function authService(deps: { repo: AuthRepo; tokenTtlHours: number; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = deps.tokenTtlHours * 3600 * 1000;

  return {
    /** How long a sign-in lasts after its last use. */
    accessTokenTtlMs: ttlMs,

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
      if (!found || !canSignIn(found.status)) throw new AppError('not_authenticated');
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

    /**
     * The device-list endpoints take an access token (the login device management screen) or the temporary
     * token of a sign-in held at the login limit (the 201 screen). A two-step temporary token is refused: a
     * caller who knows only the password must not see or log out the owner's devices.
     */
    async authenticateDeviceCaller(token: string | undefined): Promise<DeviceCaller> {
      if (!token) throw new AppError('not_authenticated');
      const found = await repo.findLiveToken(hashToken(token), ['access', 'temporary']);
      if (!found || !canSignIn(found.status)) throw new AppError('not_authenticated');
      if (found.kind === 'temporary') {
        if (found.purpose !== 'login_limit') throw new AppError('not_authenticated');
        return { userId: found.user_id, sessionId: undefined, via: 'temporary' };
      }
      if (now().getTime() - found.last_used_at.getTime() > 60_000) {
        await repo.touchToken(found.token_id, new Date(now().getTime() + ttlMs));
      }
      return { userId: found.user_id, sessionId: found.session_id, via: 'access' };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

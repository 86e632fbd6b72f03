import type { YoutubeAccountAnswer, YoutubeListAnswer } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  type Tokens,
  type VideoSharing,
  VideoSharingConnectionError,
  VideoSharingError,
} from '../../platform/video-sharing/port.ts';
import type { Actor } from '../auth/service.ts';
import { videoSharingRepo } from './repo.ts';
import { videoSharingKeys } from './seal.ts';

/** An access token with less than this left is refreshed before use: an upload chunk must not outlive it. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** The service's refusal (or its silence) as the error the API answers; the console shows `reason` as info. */
export function refusalOf(error: unknown): unknown {
  if (error instanceof VideoSharingError) {
    if (error.code === 'authorizationRequired' || error.code === 'invalidGrant') {
      return new AppError('video_sharing_not_connected', { params: { reason: error.code } });
    }
    return new AppError('video_sharing_refused', { params: { reason: error.code } });
  }
  if (error instanceof VideoSharingConnectionError) return new AppError('video_sharing_unreachable');
  return error;
}

/** `call` with the service's refusals turned into API errors. */
export async function atSite<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOf(error);
  }
}

export interface AccountDeps {
  db: Db;
  site: VideoSharing;
  /** Where the consent page sends the browser back to (the console's /youtube/callback); jobs need none. */
  redirectUri?: (origin: string) => string;
  now?: () => number;
}

/**
 * A user's video-site account: the consent (state bound to the user), the tokens sealed at rest and refreshed before
 * they expire, revocation, and the service's read calls (token info, channel, playlists, languages, categories).
 */
export function accountService(deps: AccountDeps) {
  const { db, site } = deps;
  const repo = videoSharingRepo(db);
  const now = deps.now ?? Date.now;
  const redirectUri = deps.redirectUri ?? ((origin: string) => `${origin}/youtube/callback`);

  /** The user's live access token: the stored one, or a fresh one from the refresh token (stored sealed again). */
  async function accessToken(userId: string): Promise<string> {
    const account = await repo.account(userId);
    const keys = await videoSharingKeys(db);
    const tokens = account ? keys.open(account.tokens_sealed) : null;
    if (!tokens) throw new AppError('video_sharing_not_connected');
    if (tokens.expiresAt - REFRESH_MARGIN_MS > now()) return tokens.accessToken;
    if (!tokens.refreshToken) throw new AppError('video_sharing_not_connected');
    const fresh = await atSite(() => site.refresh(tokens.refreshToken ?? ''));
    const kept: Tokens = { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken };
    await repo.saveTokens(userId, keys.seal(kept));
    return kept.accessToken;
  }

  return {
    accessToken,

    async account(actor: Actor): Promise<YoutubeAccountAnswer> {
      const account = await repo.account(actor.userId);
      const channel =
        account?.channel_id != null ? { id: account.channel_id, title: account.channel_title ?? '', url: '' } : null;
      return {
        connected: account !== undefined,
        site: site.name,
        channel,
        connected_at: account?.connected_at.toISOString() ?? null,
      };
    },

    async authorize(actor: Actor, origin: string): Promise<{ url: string }> {
      const keys = await videoSharingKeys(db);
      const state = keys.stateFor(actor.userId, now());
      return { url: site.authorizeUrl({ state, redirectUri: redirectUri(origin) }) };
    },

    /** The consent's return: the state must be the caller's own, then the code becomes sealed tokens. */
    async callback(
      actor: Actor,
      input: { code: string; state: string },
      origin: string,
    ): Promise<YoutubeAccountAnswer> {
      const keys = await videoSharingKeys(db);
      if (!keys.stateHolds(input.state, actor.userId, now())) throw new AppError('video_sharing_state_invalid');
      const tokens = await atSite(() => site.exchangeCode({ code: input.code, redirectUri: redirectUri(origin) }));
      const channel = await atSite(() => site.channel(tokens.accessToken));
      await repo.saveAccount({
        user_id: actor.userId,
        provider: site.name,
        tokens_sealed: keys.seal(tokens),
        scopes: tokens.scope,
        channel_id: channel?.id ?? null,
        channel_title: channel?.title ?? null,
      });
      return this.account(actor);
    },

    /** Revokes the grant at the service and forgets the tokens (forgotten even when the service says it is gone). */
    async revoke(actor: Actor): Promise<YoutubeAccountAnswer> {
      const account = await repo.account(actor.userId);
      if (!account) return this.account(actor);
      const tokens = (await videoSharingKeys(db)).open(account.tokens_sealed);
      const token = tokens?.refreshToken ?? tokens?.accessToken;
      if (token) {
        try {
          await site.revoke(token);
        } catch (error) {
          if (!(error instanceof VideoSharingError)) throw refusalOf(error);
        }
      }
      await repo.deleteAccount(actor.userId);
      return this.account(actor);
    },

    async tokenInfo(actor: Actor): Promise<{ scope: string; expires_in: number }> {
      const token = await accessToken(actor.userId);
      const info = await atSite(() => site.tokenInfo(token));
      return { scope: info.scope, expires_in: info.expiresIn };
    },

    async channel(actor: Actor): Promise<{ id: string; title: string; url: string }> {
      const token = await accessToken(actor.userId);
      const channel = await atSite(() => site.channel(token));
      if (!channel) throw new AppError('video_sharing_no_channel');
      return channel;
    },

    async playlists(actor: Actor): Promise<YoutubeListAnswer> {
      const token = await accessToken(actor.userId);
      const lists = await atSite(() => site.playlists(token));
      return { items: lists.map((p) => ({ id: p.id, title: p.title, item_count: p.itemCount })) };
    },

    async languages(actor: Actor, hl: string): Promise<YoutubeListAnswer> {
      const token = await accessToken(actor.userId);
      const found = await atSite(() => site.languages(token, hl));
      return { items: found.map((l) => ({ id: l.id, title: l.name })) };
    },

    async categories(actor: Actor, region: string, hl: string): Promise<YoutubeListAnswer> {
      const token = await accessToken(actor.userId);
      return { items: await atSite(() => site.categories(token, region, hl)) };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;

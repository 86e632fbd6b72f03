import { PassThrough } from 'node:stream';
import type { BlobStore } from '../storage/blob-store.ts';
import { type LocalSiteStore, localSiteStore, newLocalId } from './local-store.ts';
import { LOCAL_CATEGORIES, LOCAL_LANGUAGES, localWords } from './local-words.ts';
import {
  consentQuery,
  type SiteVideo,
  type UploadState,
  VIDEO_SHARING_SCOPES,
  type VideoSharing,
  VideoSharingError,
} from './port.ts';
import { LOCAL_DAILY_UPLOADS } from './settings.ts';

/**
 * The default video site: no network and no account, and yet the behaviour of a real one (issue 20, point 5). Its
 * consent page (local-routes.ts) makes the channel and hands a code to the redirect address as Google's does; codes
 * turn into refresh and access tokens that expire and can be revoked; uploads are resumable sessions whose parts are
 * blobs, so a dropped connection or a restart goes on from what arrived; a finished video has a watch page. As
 * YouTube, it refuses a channel's upload past its daily limit with uploadLimitExceeded (a 400 at the session's start),
 * so the product's handling of that refusal is seen without a real channel.
 */

export const LOCAL_SITE_PATH = '/local-video-site';
export const LOCAL_CLIENT_ID = 'spinyard-local-video-site';
const ACCESS_SECONDS = 3600;
const CODE_SECONDS = 600;
/** The limit counts the uploads started in the last 24 hours, as YouTube's refusal tells to wait that long. */
const UPLOAD_WINDOW_MS = 24 * 3600 * 1000;

export interface LocalVideoSite extends VideoSharing {
  readonly name: 'local';
  readonly store: BlobStore;
  /** What the consent page does when the viewer allows: a channel (new, or the one named) and a code for it. */
  consent(input: { channelTitle: string }): Promise<string>;
}

export interface LocalSiteOptions {
  store: BlobStore;
  /** The server's public base URL for the consent and watch pages; absent, their paths (the console's origin). */
  publicUrl?: string | undefined;
  /** Uploads a channel may start in 24 hours; the next one is refused with uploadLimitExceeded. */
  dailyUploads?: number | undefined;
  now?: () => number;
}

const refuse = (code: VideoSharingError['code'], status: number) => new VideoSharingError(code, status);

/** A finished session's video: its parts joined into one file (once; asked again, the same video). */
async function finishSession(
  records: LocalSiteStore,
  store: BlobStore,
  watchUrl: (id: string) => string,
  sessionId: string,
): Promise<SiteVideo> {
  const session = await records.session(sessionId);
  if (!session) throw refuse('notFound', 404);
  if (!session.videoId) {
    const id = newLocalId(8);
    const { keys } = await records.parts(sessionId);
    const joined = new PassThrough();
    const writing = store.put(records.videoFileKey(id), joined, { contentType: session.contentType });
    for (const key of keys) {
      const part = await store.get(key);
      if (!part) throw refuse('backendError', 500);
      for await (const data of part.stream as AsyncIterable<Buffer>) {
        if (!joined.write(data)) await new Promise((resolve) => joined.once('drain', resolve));
      }
    }
    joined.end();
    await writing;
    const video = { id, channelId: session.channelId, metadata: session.metadata, playlists: [] };
    await records.putVideo({ ...video, contentType: session.contentType, bytes: session.total, hasThumbnail: false });
    await records.putSession(sessionId, { ...session, videoId: id });
    for (const key of keys) await store.delete(key);
    session.videoId = id;
  }
  return { id: session.videoId, url: watchUrl(session.videoId), uploadStatus: 'processed' };
}

/** Where a session stands: the bytes its parts hold from 0, or its video once they are all there. */
async function sessionState(
  records: LocalSiteStore,
  store: BlobStore,
  watchUrl: (id: string) => string,
  sessionId: string,
): Promise<UploadState> {
  const session = await records.session(sessionId);
  if (!session) throw refuse('notFound', 404);
  const { received } = session.videoId ? { received: session.total } : await records.parts(sessionId);
  if (received >= session.total) return { done: true, video: await finishSession(records, store, watchUrl, sessionId) };
  return { done: false, received };
}

/** A thumbnail the site takes: some bytes, JPEG or PNG by content. */
function checkThumbnail(bytes: Buffer): void {
  if (bytes.length === 0) throw refuse('mediaBodyRequired', 400);
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes.subarray(0, 4).toString('latin1') === '\x89PNG';
  if (!jpeg && !png) throw refuse('invalidImage', 400);
}

export function createLocalVideoSite(options: LocalSiteOptions): LocalVideoSite {
  const records = localSiteStore(options.store);
  const now = options.now ?? Date.now;
  const base = `${(options.publicUrl ?? '').replace(/\/+$/, '')}${LOCAL_SITE_PATH}`;
  const watchUrl = (id: string) => `${base}/watch?v=${id}`;

  const tokensFor = async (refresh: string, channelId: string, withRefresh: boolean) => {
    const access = newLocalId(24);
    const expires = now() + ACCESS_SECONDS * 1000;
    await records.putGrant('access', access, { channelId, refresh, expires });
    return {
      accessToken: access,
      refreshToken: withRefresh ? refresh : undefined,
      expiresAt: expires,
      scope: VIDEO_SHARING_SCOPES.join(' '),
    };
  };
  /** The channel an access token stands for, or authorizationRequired as the service answers it. */
  const channelOf = async (accessToken: string) => {
    const grant = await records.grant('access', accessToken);
    if (!grant || (grant.expires ?? 0) <= now()) throw refuse('authorizationRequired', 401);
    const channel = await records.channel(grant.channelId);
    if (!channel) throw refuse('authorizationRequired', 401);
    return channel;
  };
  const ownVideo = async (accessToken: string, videoId: string) => {
    const channel = await channelOf(accessToken);
    const video = await records.video(videoId);
    if (!video || video.channelId !== channel.id) throw refuse('videoNotFound', 404);
    return video;
  };
  const sessionIdOf = (sessionUrl: string) => new URL(sessionUrl, 'http://local').searchParams.get('upload_id') ?? '';

  const stateOf = (sessionId: string) => sessionState(records, options.store, watchUrl, sessionId);

  return {
    name: 'local',
    store: options.store,
    watchUrl,
    authorizeUrl: ({ state, redirectUri }) =>
      `${base}/authorize?${consentQuery({ clientId: LOCAL_CLIENT_ID, redirectUri, state })}`,
    async consent({ channelTitle }) {
      const channel = {
        id: `UC${newLocalId(16)}`,
        title: channelTitle,
        playlists: [] as { id: string; title: string }[],
      };
      for (const title of localWords('en').playlists) channel.playlists.push({ id: `PL${newLocalId(12)}`, title });
      await records.putChannel(channel);
      const code = newLocalId(18);
      await records.putGrant('code', code, { channelId: channel.id, expires: now() + CODE_SECONDS * 1000 });
      return code;
    },
    async exchangeCode({ code }) {
      const grant = await records.grant('code', code);
      await records.removeGrant('code', code);
      if (!grant || (grant.expires ?? 0) <= now()) throw refuse('invalidGrant', 400);
      const refresh = newLocalId(24);
      await records.putGrant('refresh', refresh, { channelId: grant.channelId });
      return tokensFor(refresh, grant.channelId, true);
    },
    async refresh(refreshToken) {
      const grant = await records.grant('refresh', refreshToken);
      if (!grant) throw refuse('invalidGrant', 400);
      return tokensFor(refreshToken, grant.channelId, false);
    },
    async revoke(token) {
      const access = await records.grant('access', token);
      const refresh = access?.refresh ?? token;
      for (const made of await records.accessTokensOf(refresh)) await records.removeGrant('access', made);
      await records.removeGrant('access', token);
      await records.removeGrant('refresh', refresh);
    },
    async tokenInfo(accessToken) {
      const grant = await records.grant('access', accessToken);
      if (!grant || (grant.expires ?? 0) <= now()) throw refuse('invalidGrant', 400);
      const expiresIn = Math.floor(((grant.expires ?? 0) - now()) / 1000);
      return { scope: VIDEO_SHARING_SCOPES.join(' '), expiresIn, audience: LOCAL_CLIENT_ID };
    },
    async channel(accessToken) {
      const channel = await channelOf(accessToken);
      return { id: channel.id, title: channel.title, url: `${base}/channel/${channel.id}` };
    },
    async playlists(accessToken) {
      const channel = await channelOf(accessToken);
      const videos = await records.videosOf(channel.id);
      return channel.playlists.map((p) => ({
        ...p,
        itemCount: videos.filter((v) => v.playlists.includes(p.id)).length,
      }));
    },
    async languages(accessToken, hl) {
      await channelOf(accessToken);
      const names = new Intl.DisplayNames([hl], { type: 'language' });
      return LOCAL_LANGUAGES.map((id) => ({ id, name: names.of(id) ?? id }));
    },
    async categories(accessToken, _regionCode, hl) {
      await channelOf(accessToken);
      const words = localWords(hl).categories;
      return LOCAL_CATEGORIES.map((id) => ({ id, title: words[id] ?? id }));
    },
    async startUpload(accessToken, { metadata, totalBytes, contentType }) {
      const channel = await channelOf(accessToken);
      // Every start counts, a video deleted since or never finished too, as the service counts them.
      const recent = (channel.uploads ?? []).filter((at) => at > now() - UPLOAD_WINDOW_MS);
      if (recent.length >= (options.dailyUploads ?? LOCAL_DAILY_UPLOADS)) throw refuse('uploadLimitExceeded', 400);
      await records.putChannel({ ...channel, uploads: [...recent, now()] });
      const id = newLocalId(24);
      await records.putSession(id, { channelId: channel.id, metadata, total: totalBytes, contentType });
      return `${base}/upload?uploadType=resumable&upload_id=${id}`;
    },
    async uploadState(accessToken, sessionUrl) {
      await channelOf(accessToken);
      return stateOf(sessionIdOf(sessionUrl));
    },
    async uploadChunk(accessToken, { sessionUrl, offset, chunk, totalBytes }) {
      await channelOf(accessToken);
      const id = sessionIdOf(sessionUrl);
      const session = await records.session(id);
      if (!session || session.total !== totalBytes) throw refuse('notFound', 404);
      const { received } = await records.parts(id);
      if (offset !== received || offset + chunk.length > totalBytes) throw refuse('backendError', 400);
      await records.putPart(id, offset, chunk);
      return stateOf(id);
    },
    async updateVideo(accessToken, videoId, metadata) {
      const video = await ownVideo(accessToken, videoId);
      await records.putVideo({ ...video, metadata });
    },
    async deleteVideo(accessToken, videoId) {
      await ownVideo(accessToken, videoId);
      await records.removeVideo(videoId);
    },
    async setThumbnail(accessToken, videoId, image) {
      const video = await ownVideo(accessToken, videoId);
      checkThumbnail(image.bytes);
      await options.store.put(records.thumbnailKey(videoId), image.bytes, { contentType: image.contentType });
      await records.putVideo({ ...video, hasThumbnail: true });
    },
    async addToPlaylist(accessToken, playlistId, videoId) {
      const channel = await channelOf(accessToken);
      const video = await ownVideo(accessToken, videoId);
      if (!channel.playlists.some((p) => p.id === playlistId)) throw refuse('notFound', 404);
      if (!video.playlists.includes(playlistId))
        await records.putVideo({ ...video, playlists: [...video.playlists, playlistId] });
    },
  };
}

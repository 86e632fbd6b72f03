import {
  type Category,
  type Channel,
  consentQuery,
  type Language,
  type Playlist,
  type SiteVideo,
  type TokenInfo,
  type Tokens,
  type UploadState,
  VIDEO_SHARING_ERROR_CODES,
  type VideoMetadata,
  type VideoSharing,
  VideoSharingConnectionError,
  VideoSharingError,
  type VideoSharingErrorCode,
} from './port.ts';
import type { YoutubeSettings } from './settings.ts';

/**
 * YouTube behind the port: the Data API v3 and Google's OAuth 2.0 spoken over HTTP with Node's own fetch, so the
 * resumable protocol is ours to drive (ask `bytes * /TOTAL`, resume from the answer's Range) and every base URL can
 * point at the test's fake. Google's client packages were not added: the house may not install them here, and the
 * protocol is a dozen requests.
 */

const DEFAULTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/auth',
  oauthUrl: 'https://oauth2.googleapis.com',
  apiUrl: 'https://www.googleapis.com/youtube/v3',
  uploadUrl: 'https://www.googleapis.com/upload/youtube/v3',
};

interface GoogleErrorBody {
  error?: string | { code?: number; message?: string; errors?: { reason?: string; message?: string }[] };
  error_description?: string;
}

const KNOWN = new Set<string>(VIDEO_SHARING_ERROR_CODES);

/** Google's error JSON (API `{ error: { errors: [{ reason }] } }`, OAuth `{ error: 'invalid_grant' }`) as our code. */
export function errorCodeOf(status: number, body: GoogleErrorBody | null): VideoSharingErrorCode {
  const error = body?.error;
  if (typeof error === 'string') return error === 'invalid_grant' ? 'invalidGrant' : 'authorizationRequired';
  const reason = error?.errors?.[0]?.reason;
  if (reason && KNOWN.has(reason)) return reason as VideoSharingErrorCode;
  if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded') return 'quotaExceeded';
  if (status >= 500) return 'backendError';
  if (status === 401) return 'authorizationRequired';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'backendError';
}

async function refusal(response: Response): Promise<VideoSharingError> {
  const text = await response.text();
  let body: GoogleErrorBody | null = null;
  try {
    body = JSON.parse(text) as GoogleErrorBody;
  } catch {
    body = null;
  }
  return new VideoSharingError(errorCodeOf(response.status, body), response.status, text.slice(0, 300));
}

/** fetch, with a dropped connection told apart from a refusal. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new VideoSharingConnectionError(`connection lost: ${(error as Error).message}`, { cause: error });
  }
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as T;
}

interface TokenBody {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope?: string;
}

const tokensOf = (body: TokenBody, now: number): Tokens => ({
  accessToken: body.access_token,
  refreshToken: body.refresh_token,
  expiresAt: now + body.expires_in * 1000,
  scope: body.scope ?? '',
});

function videoBody(metadata: VideoMetadata, id?: string) {
  return {
    ...(id ? { id } : {}),
    snippet: {
      title: metadata.title,
      description: metadata.description,
      tags: metadata.tags,
      ...(metadata.categoryId ? { categoryId: metadata.categoryId } : {}),
      ...(metadata.language ? { defaultLanguage: metadata.language, defaultAudioLanguage: metadata.language } : {}),
    },
    status: { privacyStatus: metadata.privacy, selfDeclaredMadeForKids: metadata.madeForKids },
  };
}

interface VideoResource {
  id: string;
  status?: { uploadStatus?: SiteVideo['uploadStatus'] };
}

const siteVideo = (resource: VideoResource): SiteVideo => ({
  id: resource.id,
  url: `https://www.youtube.com/watch?v=${resource.id}`,
  uploadStatus: resource.status?.uploadStatus ?? 'uploaded',
});

/** A 308's `Range: bytes=0-N` as the count of bytes the service has (none when the header is absent). */
export function receivedOf(range: string | null): number {
  const match = range ? /bytes=0-(\d+)/.exec(range) : null;
  return match ? Number(match[1]) + 1 : 0;
}

async function uploadStateOf(response: Response): Promise<UploadState> {
  if (response.status === 308) return { done: false, received: receivedOf(response.headers.get('range')) };
  return { done: true, video: siteVideo(await json<VideoResource>(response)) };
}

export function createYoutubeSharing(settings: YoutubeSettings, now: () => number = Date.now): VideoSharing {
  const urls = { ...DEFAULTS, ...Object.fromEntries(Object.entries(settings.urls ?? {}).filter(([, v]) => v)) };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const api = async <T>(token: string, path: string, init: RequestInit = {}): Promise<T> =>
    json<T>(await send(`${urls.apiUrl}${path}`, { ...init, headers: { ...bearer(token), ...init.headers } }));
  const tokenCall = async (form: Record<string, string>): Promise<Tokens> => {
    const response = await send(`${urls.oauthUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
    });
    return tokensOf(await json<TokenBody>(response), now());
  };
  const items = async <T>(token: string, path: string) => (await api<{ items?: T[] }>(token, path)).items ?? [];

  return {
    name: 'youtube',
    watchUrl: (id) => `https://www.youtube.com/watch?v=${id}`,
    authorizeUrl: ({ state, redirectUri }) =>
      `${urls.authUrl}?${consentQuery({ clientId: settings.clientId, redirectUri, state })}`,
    exchangeCode: ({ code, redirectUri }) =>
      tokenCall({ code, redirect_uri: redirectUri, grant_type: 'authorization_code' }),
    refresh: (refreshToken) => tokenCall({ refresh_token: refreshToken, grant_type: 'refresh_token' }),
    async revoke(token) {
      const response = await send(`${urls.oauthUrl}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
      // An already revoked token answers invalid_token: the grant is gone either way.
      if (!response.ok && response.status !== 400) throw await refusal(response);
    },
    async tokenInfo(accessToken): Promise<TokenInfo> {
      const response = await send(`${urls.oauthUrl}/tokeninfo?${new URLSearchParams({ access_token: accessToken })}`, {
        method: 'GET',
      });
      const body = await json<{ scope?: string; expires_in?: string | number; aud?: string }>(response);
      return { scope: body.scope ?? '', expiresIn: Number(body.expires_in ?? 0), audience: body.aud ?? '' };
    },
    async channel(accessToken): Promise<Channel | null> {
      let found: { id: string; snippet?: { title?: string; customUrl?: string } }[];
      try {
        found = await items(accessToken, '/channels?part=snippet&mine=true');
      } catch (error) {
        if (error instanceof VideoSharingError && error.status === 404) return null;
        throw error;
      }
      const first = found[0];
      if (!first) return null;
      return {
        id: first.id,
        title: first.snippet?.title ?? '',
        url: `https://www.youtube.com/${first.snippet?.customUrl ?? `channel/${first.id}`}`,
      };
    },
    async playlists(accessToken): Promise<Playlist[]> {
      type Item = { id: string; snippet?: { title?: string }; contentDetails?: { itemCount?: number } };
      const found = await items<Item>(accessToken, '/playlists?part=snippet,contentDetails&mine=true&maxResults=50');
      return found.map((p) => ({
        id: p.id,
        title: p.snippet?.title ?? '',
        itemCount: p.contentDetails?.itemCount ?? 0,
      }));
    },
    async languages(accessToken, hl): Promise<Language[]> {
      type Item = { id: string; snippet?: { name?: string } };
      const found = await items<Item>(accessToken, `/i18nLanguages?${new URLSearchParams({ part: 'snippet', hl })}`);
      return found.map((l) => ({ id: l.id, name: l.snippet?.name ?? l.id }));
    },
    async categories(accessToken, regionCode, hl): Promise<Category[]> {
      type Item = { id: string; snippet?: { title?: string; assignable?: boolean } };
      const query = new URLSearchParams({ part: 'snippet', regionCode, hl });
      const found = await items<Item>(accessToken, `/videoCategories?${query}`);
      // A video can only be put in an assignable category.
      return found
        .filter((c) => c.snippet?.assignable !== false)
        .map((c) => ({ id: c.id, title: c.snippet?.title ?? c.id }));
    },
    async startUpload(accessToken, { metadata, totalBytes, contentType }) {
      const response = await send(`${urls.uploadUrl}/videos?uploadType=resumable&part=snippet,status`, {
        method: 'POST',
        headers: {
          ...bearer(accessToken),
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': String(totalBytes),
          'x-upload-content-type': contentType,
        },
        body: JSON.stringify(videoBody(metadata)),
      });
      if (!response.ok) throw await refusal(response);
      const location = response.headers.get('location');
      if (!location) throw new VideoSharingError('backendError', response.status, 'no upload session address');
      return location;
    },
    async uploadState(accessToken, sessionUrl, totalBytes) {
      const response = await send(sessionUrl, {
        method: 'PUT',
        headers: { ...bearer(accessToken), 'content-range': `bytes */${totalBytes}` },
      });
      if (response.status === 404 || response.status === 410) throw new VideoSharingError('notFound', response.status);
      if (response.status !== 308 && !response.ok) throw await refusal(response);
      return uploadStateOf(response);
    },
    async uploadChunk(accessToken, { sessionUrl, offset, chunk, totalBytes }) {
      const last = offset + chunk.length - 1;
      const response = await send(sessionUrl, {
        method: 'PUT',
        headers: { ...bearer(accessToken), 'content-range': `bytes ${offset}-${last}/${totalBytes}` },
        body: chunk,
      });
      if (response.status !== 308 && !response.ok) throw await refusal(response);
      return uploadStateOf(response);
    },
    async updateVideo(accessToken, videoId, metadata) {
      await api(accessToken, '/videos?part=snippet,status', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(videoBody(metadata, videoId)),
      });
    },
    async deleteVideo(accessToken, videoId) {
      const response = await send(`${urls.apiUrl}/videos?${new URLSearchParams({ id: videoId })}`, {
        method: 'DELETE',
        headers: bearer(accessToken),
      });
      if (!response.ok) throw await refusal(response);
    },
    async setThumbnail(accessToken, videoId, image) {
      const query = new URLSearchParams({ videoId, uploadType: 'media' });
      const response = await send(`${urls.uploadUrl}/thumbnails/set?${query}`, {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': image.contentType },
        body: image.bytes,
      });
      if (!response.ok) throw await refusal(response);
    },
    async addToPlaylist(accessToken, playlistId, videoId) {
      await api(accessToken, '/playlistItems?part=snippet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ snippet: { playlistId, resourceId: { kind: 'youtube#video', videoId } } }),
      });
    },
  };
}

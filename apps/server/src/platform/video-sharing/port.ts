/**
 * The video-sharing port (issue 20, point 5; ARCHITECTURE.md, "video sharing"). Two adapters implement it: the local
 * video site (the default: no network, its own consent page, channel, playlists and watch page; local-site.ts) and
 * YouTube (the Data API v3 and Google's OAuth 2.0 over HTTP; youtube.ts), tested against a fake server speaking
 * YouTube's HTTP API (test/helpers/fake-youtube.ts). Every call takes the user's access token: the port keeps no
 * user's state, the module stores the tokens sealed.
 */
export type VideoSharingName = 'local' | 'youtube';

/** The scopes asked for: upload and manage the channel's videos and playlists. */
export const VIDEO_SHARING_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube',
] as const;

/**
 * The consent page's query: the spec's GET form. `approval_prompt=force` asks again each time, so the service hands
 * out a refresh token even to an account that granted before.
 */
export function consentQuery(input: { clientId: string; redirectUri: string; state: string }): string {
  return new URLSearchParams({
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    scope: VIDEO_SHARING_SCOPES.join(' '),
    state: input.state,
    approval_prompt: 'force',
    include_granted_scopes: 'true',
    access_type: 'offline',
  }).toString();
}

/** A resumable upload's chunks are multiples of this (the protocol's rule); the last chunk may be shorter. */
export const UPLOAD_CHUNK_UNIT = 256 * 1024;

export interface Tokens {
  accessToken: string;
  /** Absent on a refresh: the service keeps the one it gave at the first exchange. */
  refreshToken?: string | undefined;
  /** When the access token stops working (ms since the epoch). */
  expiresAt: number;
  scope: string;
}

export interface TokenInfo {
  scope: string;
  /** Seconds the token has left. */
  expiresIn: number;
  audience: string;
}

export interface Channel {
  id: string;
  title: string;
  /** Where a viewer finds the channel. */
  url: string;
}

export interface Playlist {
  id: string;
  title: string;
  itemCount: number;
}

export interface Language {
  id: string;
  name: string;
}

export interface Category {
  id: string;
  title: string;
}

export type Privacy = 'private' | 'unlisted' | 'public';

export interface VideoMetadata {
  title: string;
  description: string;
  tags: string[];
  categoryId: string | null;
  /** The video's language (an i18nLanguages id). */
  language: string | null;
  madeForKids: boolean;
  privacy: Privacy;
}

export interface SiteVideo {
  /** 11 letters, digits, `_` or `-`. */
  id: string;
  url: string;
  /** The service's own processing of the uploaded file: `uploaded` until it can be watched. */
  uploadStatus: 'uploaded' | 'processed' | 'failed' | 'rejected' | 'deleted';
}

/** Where a resumable upload stands: bytes the service has (a prefix of the file), or the video it made. */
export type UploadState = { done: false; received: number } | { done: true; video: SiteVideo };

/**
 * The service's refusals the dealer is told about (second document, section 8, "Video-sharing"), as info messages;
 * `backendError` is a 5xx, `invalidGrant` a refused code or refresh token, `notFound` a video or session gone.
 */
export const VIDEO_SHARING_ERROR_CODES = [
  'uploadLimitExceeded',
  'maxPlaylistExceeded',
  'authorizationRequired',
  'forbidden',
  'quotaExceeded',
  'invalidImage',
  'mediaBodyRequired',
  'videoNotFound',
  'uploadRateLimitExceeded',
  'invalidGrant',
  'backendError',
  'notFound',
] as const;
export type VideoSharingErrorCode = (typeof VIDEO_SHARING_ERROR_CODES)[number];

/** The service answered with a refusal (its error JSON read into one of our codes). */
export class VideoSharingError extends Error {
  override readonly name = 'VideoSharingError';
  constructor(
    readonly code: VideoSharingErrorCode,
    readonly status: number,
    message?: string,
  ) {
    super(message ?? `video sharing refused: ${code} (${status})`);
  }
}

/** The connection dropped before an answer: the caller asks the session what arrived and goes on from there. */
export class VideoSharingConnectionError extends Error {
  override readonly name = 'VideoSharingConnectionError';
}

export interface VideoSharing {
  readonly name: VideoSharingName;
  /** Where a viewer watches a video of this site. */
  watchUrl(videoId: string): string;
  /** The consent page's address: the spec's GET form (response_type, client_id, redirect_uri, scope, state, ...). */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  /** Revokes the grant (the refresh token and every access token made from it). */
  revoke(token: string): Promise<void>;
  tokenInfo(accessToken: string): Promise<TokenInfo>;
  /** The user's channel; null when the account has none (the service's 404 or an empty list). */
  channel(accessToken: string): Promise<Channel | null>;
  playlists(accessToken: string): Promise<Playlist[]>;
  languages(accessToken: string, hl: string): Promise<Language[]>;
  categories(accessToken: string, regionCode: string, hl: string): Promise<Category[]>;
  /** Opens a resumable session for `totalBytes` of `contentType`; its address is kept to resume after a restart. */
  startUpload(
    accessToken: string,
    input: { metadata: VideoMetadata; totalBytes: number; contentType: string },
  ): Promise<string>;
  /** Asks the session what arrived (`Content-Range: bytes * /TOTAL`). */
  uploadState(accessToken: string, sessionUrl: string, totalBytes: number): Promise<UploadState>;
  /** Sends `chunk` at `offset`; throws VideoSharingConnectionError when the connection drops mid-way. */
  uploadChunk(
    accessToken: string,
    input: { sessionUrl: string; offset: number; chunk: Buffer; totalBytes: number },
  ): Promise<UploadState>;
  updateVideo(accessToken: string, videoId: string, metadata: VideoMetadata): Promise<void>;
  deleteVideo(accessToken: string, videoId: string): Promise<void>;
  /** At most 2 MB of JPEG or PNG. */
  setThumbnail(accessToken: string, videoId: string, image: { bytes: Buffer; contentType: string }): Promise<void>;
  addToPlaylist(accessToken: string, playlistId: string, videoId: string): Promise<void>;
}

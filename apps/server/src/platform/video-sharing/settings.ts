/** A local channel's uploads a day when the configuration says nothing (SPINYARD_LOCAL_VIDEO_DAILY_UPLOADS). */
export const LOCAL_DAILY_UPLOADS = 50;

/** The service's addresses; each unset one is YouTube's own (a test points them all at its fake). */
export interface YoutubeUrls {
  authUrl?: string | undefined;
  oauthUrl?: string | undefined;
  apiUrl?: string | undefined;
  uploadUrl?: string | undefined;
}

export interface YoutubeSettings {
  clientId: string;
  clientSecret: string;
  urls?: YoutubeUrls | undefined;
}

/** Which video site this server uploads to (config.ts reads SPINYARD_VIDEO_SHARING; index.ts builds the adapter). */
export type VideoSharingSettings =
  | { site: 'local'; dailyUploads: number }
  | ({ site: 'youtube'; redirectUrl?: string | undefined } & YoutubeSettings);

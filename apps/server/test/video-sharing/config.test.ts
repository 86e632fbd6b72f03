import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const base = { SPINYARD_DATA_DIR: '/tmp/spinyard-video-sharing-config' };

describe('video-sharing configuration', () => {
  it('uses the local video site when nothing is set, with 50 uploads a day per channel unless told', () => {
    expect(loadConfig(base).videoSharing).toEqual({ site: 'local', dailyUploads: 50 });
    const one = loadConfig({ ...base, SPINYARD_LOCAL_VIDEO_DAILY_UPLOADS: '1' });
    expect(one.videoSharing).toEqual({ site: 'local', dailyUploads: 1 });
    expect(() => loadConfig({ ...base, SPINYARD_LOCAL_VIDEO_DAILY_UPLOADS: '0' })).toThrow(
      /SPINYARD_LOCAL_VIDEO_DAILY_UPLOADS/,
    );
  });

  it('refuses YouTube without its OAuth client, and an unknown site', () => {
    expect(() => loadConfig({ ...base, SPINYARD_VIDEO_SHARING: 'youtube', YOUTUBE_CLIENT_ID: 'id' })).toThrow(
      /YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET are required with SPINYARD_VIDEO_SHARING=youtube/,
    );
    expect(() => loadConfig({ ...base, SPINYARD_VIDEO_SHARING: 'vimeo' })).toThrow(/SPINYARD_VIDEO_SHARING/);
  });

  it('reads the client, the redirect address, and one base for every Google path (a test fake)', () => {
    expect(
      loadConfig({
        ...base,
        SPINYARD_VIDEO_SHARING: 'youtube',
        YOUTUBE_CLIENT_ID: 'id.apps.googleusercontent.com',
        YOUTUBE_CLIENT_SECRET: 'secret',
        YOUTUBE_REDIRECT_URL: 'https://console.example/youtube/callback',
        YOUTUBE_BASE_URL: 'http://127.0.0.1:9999/',
      }).videoSharing,
    ).toEqual({
      site: 'youtube',
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      redirectUrl: 'https://console.example/youtube/callback',
      urls: {
        authUrl: 'http://127.0.0.1:9999/o/oauth2/auth',
        oauthUrl: 'http://127.0.0.1:9999',
        apiUrl: 'http://127.0.0.1:9999/youtube/v3',
        uploadUrl: 'http://127.0.0.1:9999/upload/youtube/v3',
      },
    });
  });
});

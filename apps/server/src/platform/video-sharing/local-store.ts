import { randomBytes } from 'node:crypto';
import { type BlobStore, blobKey, readBlob } from '../storage/blob-store.ts';
import type { VideoMetadata } from './port.ts';

/**
 * The local video site's records, kept in the blob store (so every node sees the same site and nothing is added to
 * the database for a stand-in): grants, channels, videos with their file and thumbnail, and resumable sessions whose
 * parts are blobs named by their offset.
 */

const ROOT = 'local-video-site';

export interface LocalGrant {
  channelId: string;
  /** For an access token: the refresh token it was made from (revoking that ends both), and when it expires. */
  refresh?: string;
  expires?: number;
}

export interface LocalChannel {
  id: string;
  title: string;
  playlists: { id: string; title: string }[];
  /** When the channel's uploads of the last 24 hours started (ms since the epoch): its daily limit's count. */
  uploads?: number[];
}

export interface LocalVideo {
  id: string;
  channelId: string;
  metadata: VideoMetadata;
  playlists: string[];
  contentType: string;
  bytes: number;
  hasThumbnail: boolean;
}

export interface LocalSession {
  channelId: string;
  metadata: VideoMetadata;
  total: number;
  contentType: string;
  videoId?: string;
}

export const newLocalId = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** A part's name sorts by offset (12 digits: a terabyte). */
const partName = (offset: number) => `part-${String(offset).padStart(12, '0')}`;

export function localSiteStore(store: BlobStore) {
  const key = (...segments: string[]) => blobKey(ROOT, ...segments);
  const readJson = async <T>(...segments: string[]): Promise<T | undefined> => {
    // A token or id from a request may not be a key at all: it is simply not found.
    let found: Buffer | undefined;
    try {
      found = await readBlob(store, key(...segments));
    } catch {
      return undefined;
    }
    return found ? (JSON.parse(found.toString('utf8')) as T) : undefined;
  };
  const writeJson = (value: unknown, ...segments: string[]) =>
    store.put(key(...segments), Buffer.from(JSON.stringify(value)), { contentType: 'application/json' });
  const remove = async (...segments: string[]) => {
    try {
      await store.delete(key(...segments));
    } catch {
      // an id that cannot be a key names nothing to delete
    }
  };

  return {
    grant: (kind: 'code' | 'refresh' | 'access', token: string) => readJson<LocalGrant>('grants', kind, token),
    putGrant: (kind: 'code' | 'refresh' | 'access', token: string, grant: LocalGrant) =>
      writeJson(grant, 'grants', kind, token),
    removeGrant: (kind: 'code' | 'refresh' | 'access', token: string) => remove('grants', kind, token),
    async accessTokensOf(refresh: string): Promise<string[]> {
      const found: string[] = [];
      for (const entry of await store.list(`${ROOT}/grants/access/`)) {
        const token = entry.slice(`${ROOT}/grants/access/`.length);
        if ((await readJson<LocalGrant>('grants', 'access', token))?.refresh === refresh) found.push(token);
      }
      return found;
    },
    channel: (id: string) => readJson<LocalChannel>('channels', id),
    putChannel: (channel: LocalChannel) => writeJson(channel, 'channels', channel.id),
    video: (id: string) => readJson<LocalVideo>('videos', id, 'meta.json'),
    putVideo: (video: LocalVideo) => writeJson(video, 'videos', video.id, 'meta.json'),
    async videosOf(channelId: string): Promise<LocalVideo[]> {
      const found: LocalVideo[] = [];
      for (const entry of await store.list(`${ROOT}/videos/`)) {
        if (!entry.endsWith('/meta.json')) continue;
        const video = await readJson<LocalVideo>(...entry.slice(ROOT.length + 1).split('/'));
        if (video?.channelId === channelId) found.push(video);
      }
      return found;
    },
    videoFileKey: (id: string) => key('videos', id, 'video'),
    thumbnailKey: (id: string) => key('videos', id, 'thumbnail'),
    async removeVideo(id: string): Promise<void> {
      for (const entry of await store.list(`${ROOT}/videos/${id}/`)) await store.delete(entry);
    },
    session: (id: string) => readJson<LocalSession>('sessions', id, 'meta.json'),
    putSession: (id: string, session: LocalSession) => writeJson(session, 'sessions', id, 'meta.json'),
    putPart: (id: string, offset: number, bytes: Buffer) => store.put(key('sessions', id, partName(offset)), bytes),
    /** The session's parts that follow one another from 0; a part past a gap is not counted (nor kept). */
    async parts(id: string): Promise<{ keys: string[]; received: number }> {
      const entries = (await store.listEntries(`${ROOT}/sessions/${id}/part-`)).sort((a, b) =>
        a.key.localeCompare(b.key),
      );
      const keys: string[] = [];
      let received = 0;
      for (const entry of entries) {
        if (entry.key !== key('sessions', id, partName(received))) break;
        keys.push(entry.key);
        received += entry.size;
      }
      return { keys, received };
    },
    async removeSession(id: string): Promise<void> {
      for (const entry of await store.list(`${ROOT}/sessions/${id}/`)) await store.delete(entry);
    },
  };
}

export type LocalSiteStore = ReturnType<typeof localSiteStore>;

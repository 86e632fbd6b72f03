import type { BlobStore } from '../storage/blob-store.ts';
import { createLocalVideoSite } from './local-site.ts';
import type { VideoSharing } from './port.ts';
import type { VideoSharingSettings } from './settings.ts';
import { createYoutubeSharing } from './youtube.ts';

export type { VideoSharingSettings } from './settings.ts';

/**
 * The video site the configuration names (SPINYARD_VIDEO_SHARING): the local one by default, YouTube with its OAuth
 * client. `serve` and `worker` build one each and give it to the app and to the jobs alike.
 */
export function createVideoSharing(
  settings: VideoSharingSettings,
  options: { store: BlobStore; publicUrl?: string | undefined },
): VideoSharing {
  if (settings.site === 'youtube') return createYoutubeSharing(settings);
  return createLocalVideoSite({
    store: options.store,
    publicUrl: options.publicUrl,
    dailyUploads: settings.site === 'local' ? settings.dailyUploads : undefined,
  });
}

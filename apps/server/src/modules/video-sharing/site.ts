import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { createLocalVideoSite } from '../../platform/video-sharing/local-site.ts';
import type { VideoSharing } from '../../platform/video-sharing/port.ts';

/** The adapter the app was given (SPINYARD_VIDEO_SHARING), or the local video site over the app's blob store. */
export function siteOf(ctx: {
  videoSharing?: VideoSharing | undefined;
  store: BlobStore;
  publicUrl?: string | undefined;
}): VideoSharing {
  return ctx.videoSharing ?? createLocalVideoSite({ store: ctx.store, publicUrl: ctx.publicUrl });
}

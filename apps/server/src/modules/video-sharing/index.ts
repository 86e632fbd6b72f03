import { localSiteRoutes } from '../../platform/video-sharing/local-routes.ts';
import type { LocalVideoSite } from '../../platform/video-sharing/local-site.ts';
import type { AppModule, ModuleContext } from '../context.ts';
import { accountService } from './account-service.ts';
import { uploadJob, videoSharingJobs } from './jobs.ts';
import { videoSiteRoutes, youtubeRoutes } from './routes.ts';
import { siteOf } from './site.ts';
import { videoService } from './video-service.ts';
import { uploadVideo } from './work.ts';

function services(ctx: ModuleContext) {
  const site = siteOf(ctx);
  const redirect = ctx.videoSharingRedirectUrl;
  const accounts = accountService({
    db: ctx.db,
    site,
    ...(redirect ? { redirectUri: () => redirect } : {}),
  });
  const jobs = ctx.jobs;
  const videos = videoService({
    db: ctx.db,
    store: ctx.store,
    site,
    accounts,
    // Without workers (tests), the upload runs in the request; with them, a job does.
    startUpload: async (id) => {
      if (jobs) await jobs.enqueue(uploadJob, { id });
      else await uploadVideo({ db: ctx.db, store: ctx.store, site, accounts }, id);
    },
  });
  return { site, accounts, videos };
}

/** Video sharing (issue 20): the `/youtube` calls and the video-site operations on a vehicle. */
export const videoSharingModule: AppModule = {
  name: 'video-sharing',
  async public(scope, ctx) {
    const site = siteOf(ctx);
    if (site.name === 'local') await scope.register(localSiteRoutes, { site: site as LocalVideoSite });
  },
  async contentApi(scope, ctx) {
    const { accounts, videos } = services(ctx);
    await scope.register(youtubeRoutes, { accounts });
    await scope.register(videoSiteRoutes, { videos });
  },
  jobs: videoSharingJobs,
};

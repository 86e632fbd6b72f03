import {
  idParams,
  VIDEO_SITE_THUMBNAIL_MAX_BYTES,
  videoSiteListAnswer,
  videoSiteOrderBody,
  videoSiteUpdateBody,
  videoSiteUploadBody,
  videoSiteVideoAnswer,
  videoSiteVideoParams,
  youtubeAccountAnswer,
  youtubeAuthorizeAnswer,
  youtubeCallbackBody,
  youtubeCategoriesQuery,
  youtubeLanguagesQuery,
  youtubeListAnswer,
  youtubeTokenInfoAnswer,
} from '@spinyard/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerMultipart } from '../../http/multipart-file.ts';
import { areaRoutes, EDIT, multipartForm, READ, UPLOAD, withFile } from '../area-routes.ts';
import type { AccountService } from './account-service.ts';
import type { VideoService } from './video-service.ts';

/** The service's refusals: 409 video_sharing_refused (params.reason: uploadLimitExceeded, ...), 503 unreachable. */
const SITE = [409, 503];
const REFUSALS =
  '409 video_sharing_not_connected (no account, or the grant was revoked at the service), 409 video_sharing_refused ' +
  "(params.reason: the service's own reason, e.g. quotaExceeded, forbidden), 503 video_sharing_unreachable.";

/** The console's origin, where the consent sends the browser back to. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const youtubeRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (app, { accounts }) => {
  const route = areaRoutes(app, 'youtube');
  route.get('/youtube', {
    summary: "The caller's video-site account: connected or not, and its channel",
    answer: youtubeAccountAnswer,
    errors: [401],
    run: (actor) => accounts.account(actor),
  });
  route.get('/youtube/authorize', {
    summary: 'The consent address (the spec GET form) with a state bound to the caller',
    description:
      "The browser opens it; the service sends it back to the console's /youtube/callback with code and state.",
    answer: youtubeAuthorizeAnswer,
    errors: [401],
    run: (actor, { request }) => accounts.authorize(actor, originOf(request)),
  });
  route.post('/youtube/callback', {
    summary: "The consent's return: the code becomes tokens, stored sealed",
    description: `400 video_sharing_state_invalid when the state is not the caller's own or is older than 30 minutes. ${REFUSALS}`,
    body: youtubeCallbackBody,
    answer: youtubeAccountAnswer,
    errors: [400, 401, 422, ...SITE],
    run: (actor, { body, request }) => accounts.callback(actor, body, originOf(request)),
  });
  route.post('/youtube/revoke', {
    summary: 'Revoke the grant at the service and forget the tokens',
    answer: youtubeAccountAnswer,
    errors: [401, 503],
    run: (actor) => accounts.revoke(actor),
  });
  route.get('/youtube/token-info', {
    summary: "The access token's scopes and seconds left",
    answer: youtubeTokenInfoAnswer,
    errors: [401, ...SITE],
    run: (actor) => accounts.tokenInfo(actor),
  });
  route.get('/youtube/channel', {
    summary: "The account's channel; 404 video_sharing_no_channel when it has none",
    answer: z.object({ id: z.string(), title: z.string(), url: z.string() }),
    errors: [401, 404, ...SITE],
    run: (actor) => accounts.channel(actor),
  });
  route.get('/youtube/playlists', {
    summary: "The channel's playlists",
    answer: youtubeListAnswer,
    errors: [401, ...SITE],
    run: (actor) => accounts.playlists(actor),
  });
  route.get('/youtube/languages', {
    summary: "The service's video languages, named in `hl`",
    querystring: youtubeLanguagesQuery,
    answer: youtubeListAnswer,
    errors: [401, 422, ...SITE],
    run: (actor, { query }) => accounts.languages(actor, query.hl),
  });
  route.get('/youtube/categories', {
    summary: 'The video categories a video can be put in, for a region, named in `hl`',
    querystring: youtubeCategoriesQuery,
    answer: youtubeListAnswer,
    errors: [401, 422, ...SITE],
    run: (actor, { query }) => accounts.categories(actor, query.region, query.hl),
  });
};

export const videoSiteRoutes: FastifyPluginAsyncZod<{ videos: VideoService }> = async (app, { videos }) => {
  await registerMultipart(app);
  const route = areaRoutes(app, 'youtube');
  route.get('/contents/:id/video-site', {
    summary: "The vehicle's videos on the video site, in order, with status and upload progress",
    params: idParams,
    answer: videoSiteListAnswer,
    errors: READ,
    run: (actor, { params }) => videos.list(actor, params.id),
  });
  route.post('/contents/:id/video-site', {
    summary: 'Upload a video of the vehicle (its content movie or an original video) to the video site',
    description:
      'Runs as a job: the answer is the row (pending); its status and bytes_sent follow the resumable upload. ' +
      'Tags at most 500 characters in total (422 tags max_length), the file at most 256 MB (413). ' +
      `409 content_locked (VIDEO_SITE.UPLOAD). ${REFUSALS}`,
    params: idParams,
    body: videoSiteUploadBody,
    answer: videoSiteVideoAnswer,
    created: true,
    errors: [...UPLOAD, 503],
    run: (actor, { params, body }) => videos.upload(actor, params.id, body),
  });
  route.post('/contents/:id/video-site/order', {
    summary: "Reorder the vehicle's videos: every id once",
    params: idParams,
    body: videoSiteOrderBody,
    answer: videoSiteListAnswer,
    errors: EDIT,
    run: (actor, { params, body }) => videos.reorder(actor, params.id, body.ids),
  });
  route.post('/contents/:id/video-site/:videoId', {
    summary: "Change a video's title, description, playlist, language, category, tags, audience or privacy",
    description: `Sent to the service at once when the video is there. ${REFUSALS}`,
    params: videoSiteVideoParams,
    body: videoSiteUpdateBody,
    answer: videoSiteVideoAnswer,
    errors: [...EDIT, 503],
    run: (actor, { params, body }) => videos.update(actor, params.id, params.videoId, body),
  });
  route.post('/contents/:id/video-site/:videoId/resume', {
    summary: 'Start a failed upload again: it goes on from what the service already has',
    params: videoSiteVideoParams,
    answer: videoSiteVideoAnswer,
    errors: EDIT,
    run: (actor, { params }) => videos.resume(actor, params.id, params.videoId),
  });
  route.post('/contents/:id/video-site/:videoId/thumbnail', {
    consumes: multipartForm,
    summary: "Set the video's thumbnail (multipart: file; JPEG or PNG, at most 2 MB)",
    description: `413 file_too_large over 2 MB, 415 when the file is not a JPEG or PNG. ${REFUSALS}`,
    params: videoSiteVideoParams,
    answer: videoSiteVideoAnswer,
    errors: [...UPLOAD, 503],
    run: (actor, { params, request }) =>
      withFile(request, VIDEO_SITE_THUMBNAIL_MAX_BYTES, (file) =>
        videos.setThumbnail(actor, params.id, params.videoId, file),
      ),
  });
  route.delete('/contents/:id/video-site/:videoId', {
    summary: 'Delete the video from the video site and from the vehicle',
    params: videoSiteVideoParams,
    answer: videoSiteListAnswer,
    errors: [...EDIT, 503],
    run: (actor, { params }) => videos.remove(actor, params.id, params.videoId),
  });
};

import { errorBody, VIDEO_UPLOADS_PATH, videoUploadAnswer, videoUploadParams } from '@spinyard/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import { isDiskFull } from '../../platform/storage/disk-full.ts';
import { areaRoute, EDIT_REFUSALS, READ_REFUSALS, UPLOAD_REFUSALS } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { createPgLocker } from './pg-locker.ts';
import { uploadsRepo } from './repo.ts';
import { toUploadAnswer, uploadsService } from './service.ts';
import { sessionRoutes } from './session-routes.ts';
import { uploadSessionService } from './session-service.ts';
import { createTusEndpoint, type TusEndpoint } from './tus.ts';
import { sweepDoneUploadFiles } from './upload-files.ts';

const route = areaRoute('uploads');
/** tus answers these itself; the body is empty. */
const noBody = z.null();

/** Unfinished uploads keep their bytes and their place in the upload limit this long after creation. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const UPLOAD_SWEEP_MS = 60 * 60 * 1000;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Hands the request to tus once the route has decided it may go on: tus writes the answer on the raw response,
 * so Fastify is told not to. Answers the status tus sent.
 */
async function handOver(tus: TusEndpoint, request: FastifyRequest, reply: FastifyReply): Promise<number> {
  reply.hijack();
  try {
    await tus.server.handle(request.raw, reply.raw);
  } catch (error) {
    request.log.error(error, 'tus failed');
    if (!reply.raw.headersSent) {
      const [status, code] = isDiskFull(error)
        ? [507, 'insufficient_storage' as const]
        : [500, 'internal_error' as const];
      reply.raw.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify(errorBody(code)));
    } else reply.raw.destroy();
  }
  return reply.raw.statusCode;
}

/**
 * The tus endpoint (resumable uploads, protocol 1.0.0: creation, termination, expiration) in the content API.
 * Registered in a scope of its own so its body parser, which leaves the bytes to tus, applies to nothing else.
 */
export async function registerUploadRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const service = uploadsService({
    db: ctx.db,
    expireAfterMs: UPLOAD_EXPIRY_MS,
    keepIn: ctx.keepUploadsInStore ? ctx.store : undefined,
  });
  // Every node locks an upload in PostgreSQL, so a resumed PATCH landing on another node behind the load balancer
  // waits for (and asks to end) the request still writing it here.
  const locker = ctx.databaseUrl
    ? createPgLocker({
        connectionString: ctx.databaseUrl,
        log: (msg, fields) => scope.log.warn(fields, msg),
      })
    : undefined;
  if (locker) scope.addHook('onClose', () => locker.close());
  const tus = await createTusEndpoint({
    dir: ctx.uploadDir,
    // The scope's prefix is the content API's (/api/browser/v0): tus answers Location under the full path.
    path: `${scope.prefix}${VIDEO_UPLOADS_PATH}`,
    service,
    expireAfterMs: UPLOAD_EXPIRY_MS,
    store: ctx.store,
    locker,
    logError: (error, message) => scope.log.error({ err: error }, message),
  });

  await scope.register(sessionRoutes, {
    sessions: uploadSessionService({
      db: ctx.db,
      maxBytes: service.maxBytes,
      expireAfterMs: UPLOAD_EXPIRY_MS,
      removeBytes: (id) => tus.server.datastore.remove(id),
    }),
  });

  // Bytes of uploads never finished within the expiry (tus keeps them until asked): swept every hour on each node,
  // which sees its own upload folder. A finished (`ready`) upload keeps its bytes until the spin takes them or the
  // dealer cancels it; when the spin ran on another machine (from the blob store), this node deletes its file here.
  const repo = uploadsRepo(ctx.db);
  const sweep = setInterval(() => {
    tus.server.cleanUpExpiredUploads().catch((error: unknown) => scope.log.warn({ err: error }, 'tus sweep failed'));
    sweepDoneUploadFiles({ store: ctx.store, isDone: repo.doneAmong }, ctx.uploadDir, UPLOAD_SWEEP_MS).catch(
      (error: unknown) => scope.log.warn({ err: error }, 'upload sweep failed'),
    );
  }, UPLOAD_SWEEP_MS);
  sweep.unref();
  scope.addHook('onClose', async () => clearInterval(sweep));

  await scope.register(async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // The bytes of a PATCH (or a creation with data) stream to tus untouched and unbounded by the JSON body limit.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    app.post(
      VIDEO_UPLOADS_PATH,
      route({
        summary: 'Create a resumable video upload (tus): Upload-Length and Upload-Metadata (content_id, purpose)',
        description:
          'Answers 201 with Location, the upload address. Refused: the vehicle not seen (404), a process locking ' +
          'EXTERIOR.UPLOAD (409 content_locked), the upload limit of its domain (403 upload_over_limit), a size ' +
          'over the limit (413 file_too_large, params.max_bytes), a bad header (422).',
        response: { 201: noBody, ...errorResponses(401, 403, 404, 409, 413, 422) },
      }),
      async (request, reply) => {
        const id = await service.create(actorOf(request), {
          uploadLength: first(request.headers['upload-length']),
          uploadMetadata: first(request.headers['upload-metadata']),
        });
        tus.nameNext(request.raw, id);
        if ((await handOver(tus, request, reply)) !== 201) await service.creationFailed(id);
      },
    );

    // Reading the offset (HEAD) and sending bytes (PATCH) are tus's own once the caller is known to own the upload.
    const relayed = [
      {
        method: 'HEAD',
        summary: 'How much of an upload the server has (Upload-Offset), to resume it',
        response: { 200: noBody, ...READ_REFUSALS },
      },
      {
        method: 'PATCH',
        summary: 'Send bytes of an upload from Upload-Offset (application/offset+octet-stream)',
        description:
          'The last bytes are followed by the check of the file by its content: a file that is no video the ' +
          'spec accepts answers 415 unsupported_video_format and is deleted.',
        response: { 204: noBody, ...UPLOAD_REFUSALS },
      },
    ] as const;
    for (const { method, ...schema } of relayed) {
      app.route({
        method,
        url: `${VIDEO_UPLOADS_PATH}/:id`,
        ...route({ ...schema, params: videoUploadParams }),
        handler: async (request, reply) => {
          await service.own(actorOf(request), request.params.id);
          await handOver(tus, request, reply);
        },
      });
    }

    app.delete(
      `${VIDEO_UPLOADS_PATH}/:id`,
      route({
        summary: 'Cancel an upload (its bytes are deleted) until the pipeline has taken it',
        params: videoUploadParams,
        response: { 204: noBody, ...EDIT_REFUSALS },
      }),
      async (request, reply) => {
        const row = await service.own(actorOf(request), request.params.id);
        await service.assertCancelable(row);
        // Recorded before tus answers: a client that asks right after the 204 must read `canceled`. Bytes tus could
        // not delete are removed with the expired uploads.
        await service.canceled(row.id);
        await handOver(tus, request, reply);
      },
    );

    app.get(
      `${VIDEO_UPLOADS_PATH}/:id`,
      {
        exposeHeadRoute: false,
        ...route({
          summary: 'An upload and its state (requested, ready, error, canceled... as the spec names them)',
          params: videoUploadParams,
          response: { 200: videoUploadAnswer, ...READ_REFUSALS },
        }),
      },
      async (request) => toUploadAnswer(await service.own(actorOf(request), request.params.id)),
    );
  });
}

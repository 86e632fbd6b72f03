import { type MediaOrderBody, mediaOrderBody, sliderParams } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../../http/authenticate.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import { areaRoute, EDIT_REFUSALS, multipartForm, READ_REFUSALS, UPLOAD_REFUSALS, withFile } from '../area-routes.ts';
import type { Actor } from '../auth/service.ts';

const route = areaRoute('slider');

/**
 * A list of uploaded files a vehicle keeps in order (the original videos, a bike's rider view): its path, what each
 * route says, and the service calls behind them. Every change answers the whole list.
 */
export interface OrderedFiles<List, Added, ItemParams extends { content_id: string }> {
  /** The list's path, e.g. `/slider/:content_id/movies`. */
  path: string;
  /** The path parameter naming one file, e.g. `movie_id`. */
  idParam: Exclude<keyof ItemParams, 'content_id'> & string;
  itemParams: z.ZodType<ItemParams>;
  listAnswer: z.ZodType<List>;
  addedAnswer: z.ZodType<Added>;
  maxBytes: number;
  summaries: { list: string; add: string; remove: string; reorder: string };
  /** The upload's accepted files and refusals. */
  addDescription: string;
  list(actor: Actor, contentId: string): Promise<List>;
  add(actor: Actor, contentId: string, file: ReceivedFile): Promise<Added>;
  remove(actor: Actor, contentId: string, id: string): Promise<List>;
  reorder(actor: Actor, contentId: string, body: MediaOrderBody): Promise<List>;
}

/** The four routes of an ordered file list: read it, add a file (multipart), remove one, reorder them all. */
export function orderedFileRoutes<List, Added, ItemParams extends { content_id: string }>(
  files: OrderedFiles<List, Added, ItemParams>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      files.path,
      route({
        summary: files.summaries.list,
        params: sliderParams,
        response: { 200: files.listAnswer, ...READ_REFUSALS },
      }),
      async (request) => files.list(actorOf(request), request.params.content_id),
    );

    app.post(
      files.path,
      route({
        consumes: multipartForm,
        summary: files.summaries.add,
        description: files.addDescription,
        params: sliderParams,
        response: { 201: files.addedAnswer, ...UPLOAD_REFUSALS },
      }),
      async (request, reply) => {
        const { content_id } = request.params;
        const added = await withFile(request, files.maxBytes, (file) => files.add(actorOf(request), content_id, file));
        return reply.code(201).send(added);
      },
    );

    app.delete(
      `${files.path}/:${files.idParam}`,
      route({
        summary: files.summaries.remove,
        params: files.itemParams,
        response: { 200: files.listAnswer, ...EDIT_REFUSALS },
      }),
      async (request) => {
        // Parsed by itemParams, which a generic parameter cannot carry through the type provider.
        const params = request.params as ItemParams;
        return files.remove(actorOf(request), params.content_id, String(params[files.idParam]));
      },
    );

    app.post(
      `${files.path}/order`,
      route({
        summary: files.summaries.reorder,
        params: sliderParams,
        body: mediaOrderBody,
        response: { 200: files.listAnswer, ...EDIT_REFUSALS },
      }),
      async (request) => files.reorder(actorOf(request), request.params.content_id, request.body),
    );
  };
}

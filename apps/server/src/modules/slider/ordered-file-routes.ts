import { type MediaOrderBody, mediaOrderBody, sliderParams } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import { areaRoutes, EDIT, multipartForm, READ, UPLOAD, withFile } from '../area-routes.ts';
import type { Actor } from '../auth/service.ts';

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
    const route = areaRoutes(app, 'slider');

    route.get(files.path, {
      summary: files.summaries.list,
      params: sliderParams,
      answer: files.listAnswer,
      errors: READ,
      run: (actor, { params }) => files.list(actor, params.content_id),
    });

    route.post(files.path, {
      consumes: multipartForm,
      summary: files.summaries.add,
      description: files.addDescription,
      params: sliderParams,
      answer: files.addedAnswer,
      created: true,
      errors: UPLOAD,
      run: (actor, { params, request }) =>
        withFile(request, files.maxBytes, (file) => files.add(actor, params.content_id, file)),
    });

    route.delete(`${files.path}/:${files.idParam}`, {
      summary: files.summaries.remove,
      params: files.itemParams,
      answer: files.listAnswer,
      errors: EDIT,
      run: (actor, { params }) => files.remove(actor, params.content_id, String(params[files.idParam])),
    });

    route.post(`${files.path}/order`, {
      summary: files.summaries.reorder,
      params: sliderParams,
      body: mediaOrderBody,
      answer: files.listAnswer,
      errors: EDIT,
      run: (actor, { params, body }) => files.reorder(actor, params.content_id, body),
    });
  };
}

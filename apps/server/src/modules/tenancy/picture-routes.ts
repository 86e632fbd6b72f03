import type { companyAnswer, domainDetailAnswer } from '@spinyard/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Actor } from '../auth/service.ts';
import { IMAGE_BODY_LIMIT_BYTES, imageBody } from './schemas.ts';

export type TenancyApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a picture route answers: the row the picture belongs to, a domain or a company. */
type PictureOwner = typeof domainDetailAnswer | typeof companyAnswer;

/** One picture's two routes: what differs per picture, and the service calls behind them. */
interface Picture<P extends z.ZodObject, A extends PictureOwner> {
  url: string;
  tags: string[];
  params: P;
  answer: A;
  upload: {
    summary: string;
    description: string;
    run: (actor: Actor, params: z.output<P>, image: Buffer) => Promise<z.input<A>>;
  };
  remove: { summary: string; run: (actor: Actor, params: z.output<P>) => Promise<z.input<A>> };
}

/**
 * Registers the upload (POST) and removal (DELETE) of one picture. Every picture travels the same way (base64 JSON
 * under the image body limit) and is refused for the same reasons, so only what names it differs per picture.
 */
export function pictureRoutes<P extends z.ZodObject, A extends PictureOwner>(
  app: TenancyApp,
  picture: Picture<P, A>,
): void {
  // Fastify has checked the parameters against picture.params before a handler runs; TypeScript cannot follow the
  // type provider through a generic schema, so their type is named here.
  const paramsOf = (request: FastifyRequest) => request.params as z.output<P>;
  // A malformed id in the path is a 422 of its own; a route without parameters cannot answer one on removal.
  const paramErrors = Object.keys(picture.params.shape).length > 0 ? [422] : [];
  const answer: PictureOwner = picture.answer;
  const route = signedInRoute(picture.tags);

  app.post(
    picture.url,
    {
      bodyLimit: IMAGE_BODY_LIMIT_BYTES,
      ...route({
        summary: picture.upload.summary,
        description: picture.upload.description,
        params: picture.params,
        body: imageBody,
        response: { 200: answer, ...errorResponses(401, 403, 404, 409, 413, 415, 422) },
      }),
    },
    async (request) => picture.upload.run(actorOf(request), paramsOf(request), request.body.image),
  );

  app.delete(
    picture.url,
    route({
      summary: picture.remove.summary,
      params: picture.params,
      response: { 200: answer, ...errorResponses(401, 403, 404, 409, ...paramErrors) },
    }),
    async (request) => picture.remove.run(actorOf(request), paramsOf(request)),
  );
}

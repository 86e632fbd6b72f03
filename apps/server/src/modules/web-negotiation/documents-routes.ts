import {
  MEETING_DOCUMENT_KINDS,
  meetingDocumentAnswer,
  meetingDocumentParams,
  meetingUserProfileAnswer,
  parseFields,
  webNegotiationParams,
} from '@spinyard/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { actorRoutes, multipartForm, signedInRoute } from '../../http/actor-routes.ts';
import { actorOf } from '../../http/authenticate.ts';
import { withFile } from '../../http/multipart-file.ts';
import { errorResponses } from '../../http/schemas.ts';
import { type DocumentLimits, type meetingDocumentsService, withinDocumentSize } from './documents-service.ts';
import type { profileCardService } from './profile-card.ts';

export const TAG = 'web negotiation';
export const REFUSALS =
  '403 web_negotiation_disabled when the domain does not offer web negotiation; 404 for a meeting the caller does ' +
  'not see (another tenant, another team).';
const documentKind = z.object({ kind: z.enum(MEETING_DOCUMENT_KINDS).default('document') });

/** A stored file sent as a download, never shown in the page that asked (a PDF or a picture). */
export function sendDocument(
  reply: FastifyReply,
  file: { row: { file_name: string; content_type: string }; stream: NodeJS.ReadableStream; size: number },
) {
  return reply
    .type(file.row.content_type)
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.row.file_name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

export interface DocumentServices {
  documents: ReturnType<typeof meetingDocumentsService>;
  cards: ReturnType<typeof profileCardService>;
  limits: DocumentLimits;
}

/** A meeting's documents and the user's business card for meetings (registered with multipart). */
export const documentRoutes: FastifyPluginAsyncZod<DocumentServices> = async (app, { documents, cards, limits }) => {
  const route = actorRoutes(app, [TAG]);
  const refusals = REFUSALS;

  route.post('/web_negotiation_group/:id/documents', {
    consumes: multipartForm,
    summary: 'Attach a document (multipart: file, kind document or business_card) to a web negotiation',
    description:
      `PDF, JPEG or PNG judged by content (a business card: a picture, one per meeting); at most ${limits.count} ` +
      `documents of ${Math.round(limits.bytes / 1024 / 1024)} MB: 413 web_negotiation_documents_over_limit naming ` +
      `file (max_items, max_size). ${refusals}`,
    params: webNegotiationParams,
    answer: meetingDocumentAnswer,
    created: true,
    errors: [401, 403, 404, 409, 413, 415, 422],
    run: (actor, { params, request }) =>
      withinDocumentSize(limits, () =>
        withFile(request, limits.bytes, (file) => {
          const fields = parseFields(documentKind, file.fields);
          if (!fields.ok) throw new AppError('validation_failed', { fields: fields.fields });
          return documents.upload(actor, params.id, fields.data.kind, file);
        }),
      ),
  });

  route.delete('/web_negotiation_group/:id/documents/:document_id', {
    summary: 'Remove a document of a web negotiation that has not started',
    description: refusals,
    params: meetingDocumentParams,
    answer: z.object({ deleted: z.literal(true) }),
    errors: [401, 403, 404, 409, 422],
    run: async (actor, { params }) => {
      await documents.remove(actor, params.id, params.document_id);
      return { deleted: true as const };
    },
  });

  app.get(
    '/web_negotiation_group/:id/documents/:document_id',
    signedInRoute([TAG])({
      summary: 'Download a document of a web negotiation the caller sees',
      params: meetingDocumentParams,
      response: errorResponses(401, 403, 404, 422),
    }),
    async (request, reply) =>
      sendDocument(reply, await documents.open(actorOf(request), request.params.id, request.params.document_id)),
  );

  route.get('/meeting-documents/user-profile', {
    summary: 'What guests see of the caller as a host: name, company, e-mail and the one business-card image',
    answer: meetingUserProfileAnswer,
    errors: [401, 403],
    run: (actor) => cards.profile(actor),
  });

  route.post('/meeting-documents/user-profile', {
    consumes: multipartForm,
    summary: "Upload the caller's business-card image for meetings (multipart: file; JPEG or PNG, only one)",
    description: '422 file max_items when a card is already uploaded (delete it first); 422 file format, max_size.',
    answer: meetingUserProfileAnswer,
    created: true,
    errors: [401, 403, 413, 415, 422],
    run: (actor, { request }) =>
      withinDocumentSize(limits, () => withFile(request, limits.bytes, (file) => cards.upload(actor, file))),
  });

  app.get(
    '/meeting-documents/user-profile/card',
    signedInRoute([TAG])({
      summary: "Download the caller's business-card image",
      response: errorResponses(401, 403, 404),
    }),
    async (request, reply) => sendDocument(reply, await cards.open(actorOf(request))),
  );

  route.delete('/meeting-documents/user-profile', {
    summary: "Remove the caller's business-card image",
    answer: meetingUserProfileAnswer,
    errors: [401, 403],
    run: (actor) => cards.remove(actor),
  });
};

import { contactAnswer, contactBody } from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import type { ContactService } from './service.ts';

const tags = ['contact'];

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  const route = actorRoutes(app, tags);

  route.post('/v1/contact', {
    summary: 'Send an inquiry to the operator (the contact form); a copy goes to the caller',
    description:
      'Inquiry types: service, contract_price, security, cancellation, other. Subject one line of at most 100 ' +
      'characters, body at most 4,000. At most 5 inquiries an hour per user and per client address (429).',
    body: contactBody,
    answer: contactAnswer,
    errors: [401, 422, 429, 503],
    run: (actor, { body, request }) => contact.send(actor, body, request.ip),
  });
};

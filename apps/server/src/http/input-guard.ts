import { errorBody, type FieldError } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

/** The first place a NUL character sits in a decoded value: its field name, or undefined when there is none. */
function nulField(value: unknown, path: string[], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') : undefined;
  if (depth > 32 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, child] of entries) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '\\0')].join('.');
    const found = nulField(child, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text and answers such a query with an error, so one guard refuses
 * it in every route's path parameters, query and JSON body, before validation and before any service runs: a 400
 * naming the field, whatever route a later issue adds.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const where: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of where) {
      const field = nulField(value, []);
      if (field === undefined) continue;
      const fields: FieldError[] = [
        { field: field || part, rule: 'no_control_characters', message: 'Contains characters that are not allowed.' },
      ];
      return reply.status(400).send(errorBody('invalid_characters', undefined, fields));
    }
    return undefined;
  });
}

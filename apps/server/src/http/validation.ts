import { parseFields } from '@spinyard/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Validates every route's params, query and body with the domain package's field rules (`parseFields`): a
 * refused request answers 422 with each field and the rule it broke under the names the services and the
 * console share (`required`, `min_length`, `no_repeated_hyphens`...), instead of zod's generic issue codes.
 */
export const fieldRuleValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseFields(schema, data);
    return result.ok ? { value: result.data } : { error: new AppError('validation_failed', { fields: result.fields }) };
  };

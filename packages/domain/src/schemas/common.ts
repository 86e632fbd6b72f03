import { z } from 'zod';
import { ruleIssue } from './field-errors.ts';

/** The largest value of PostgreSQL's bigint: every id column is one. */
const BIGINT_MAX = 9223372036854775807n;

/**
 * The one id schema of every route: a positive whole number as a string, no larger than a bigint, so a bad id is a
 * 422 naming the field instead of a database error.
 */
export const idSchema = z
  .string()
  .refine(
    (v) => /^[1-9][0-9]{0,18}$/.test(v) && BigInt(v) <= BIGINT_MAX,
    ruleIssue('format', 'An id is a positive whole number.'),
  );

import { z } from 'zod';
import { ruleIssue } from './field-errors.ts';

/**
 * The one phone rule (users, super users, self-registration, the own profile and the company phone): half-width
 * digits and single hyphens, an optional leading +, 6 to 20 characters. An empty value means "no number".
 */

export const PHONE_BOUNDS = { min: 6, max: 20 } as const;

export const PHONE_MESSAGES = {
  max_length: `A phone number has at most ${PHONE_BOUNDS.max} characters.`,
  format: 'Enter the phone number with half-width digits and hyphens.',
} as const;

const TEL = /^\+?[0-9]+(?:-[0-9]+)*$/;

export function isTel(value: string): boolean {
  return value.length >= PHONE_BOUNDS.min && value.length <= PHONE_BOUNDS.max && TEL.test(value);
}

/** A phone number as sent: trimmed; '' or a number under the rule above. */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_BOUNDS.max, { error: PHONE_MESSAGES.max_length, abort: true })
  .refine((v) => v === '' || isTel(v), ruleIssue('format', PHONE_MESSAGES.format));

import { emailRequestBody, newPasswordBody, twoStepCodeSchema } from '@spinyard/domain';
import { z } from 'zod';

/**
 * The form schemas of the public sign-in paths, built from the domain's rules (the server checks the same ones):
 * one e-mail rule, one password rule, one code rule; the e-mail request and the new password are the API's bodies.
 */

/** A mail to an account's address (a password reset, a new activation mail): the body the server takes. */
export const emailRequestFormSchema = emailRequestBody;

/** A new password and its retype, on the server's names (`password`, `retypedPassword`). */
export const newPasswordFormSchema = newPasswordBody;

/**
 * The code of the second sign-in step: 6 digits, spaces dropped as the server does (twoStepCodeSchema). Nothing
 * typed is `required` rather than a wrong format, so the field says "enter the code" first.
 */
export const secondStepFormSchema = z.object({ code: z.string().trim().min(1).pipe(twoStepCodeSchema) });

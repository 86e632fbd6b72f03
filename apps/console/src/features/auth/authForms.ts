import { emailSchema, PASSWORD_CHANGE_MESSAGES, passwordSchema, twoStepCodeSchema } from '@spinyard/domain';
import { z } from 'zod';
import { retypeCheck, retypeField } from '../../forms/retype.ts';

/**
 * The form schemas of the public sign-in paths, built from the domain's rules (the server checks the same ones):
 * one e-mail rule, one password rule, one code rule. The retype of a new password is checked here only.
 */

/** A mail to an account's address (a password reset, a new activation mail): the body the server takes. */
export const emailRequestFormSchema = z.object({ email: emailSchema });

/** A new password and its retype, on the server's names (`password`, `retypedPassword`). */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, retypedPassword: retypeField(PASSWORD_CHANGE_MESSAGES.retype_required) })
  .superRefine(...retypeCheck('password', 'retypedPassword', PASSWORD_CHANGE_MESSAGES.must_match));

/**
 * The code of the second sign-in step: 6 digits, spaces dropped as the server does (twoStepCodeSchema). Nothing
 * typed is `required` rather than a wrong format, so the field says "enter the code" first.
 */
export const secondStepFormSchema = z.object({ code: z.string().trim().min(1).pipe(twoStepCodeSchema) });

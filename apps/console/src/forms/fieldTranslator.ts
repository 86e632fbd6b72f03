import type { FieldError } from '@spinyard/domain';
import { fieldMessage } from './formErrors.ts';

/** One refused field in the user's language (see fieldMessage). */
export type FieldTranslator = (error: FieldError) => string;

/** The i18n key of each field's name where it is not `fields.<field>` (the label the form shows). */
export type NameKeys = Readonly<Record<string, string>>;

/**
 * The translator of a form: `override` may word a rule its own way (the code field's "6 digits"); otherwise the
 * rule with the field's name from `nameKeys`, else `fields.<field>`.
 */
export function fieldTranslator(
  nameKeys: NameKeys = {},
  override?: (error: FieldError) => string | undefined,
): FieldTranslator {
  return (error) => override?.(error) ?? fieldMessage(error, nameKeys[error.field]);
}

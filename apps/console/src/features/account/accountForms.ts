import { emailChangeSchema, FIELD_RULE_MESSAGES } from '@spinyard/domain';

const normalised = (value: unknown): string => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * The e-mail change form: the domain's emailChangeSchema (format, retype), and the new address must differ from
 * the current one (compared trimmed and lower-cased, as the server stores addresses).
 */
export function emailChangeFormSchema(currentEmail: string) {
  return emailChangeSchema.superRefine(
    (values, ctx) => {
      const next = normalised(values.newEmail);
      if (next !== '' && next === normalised(currentEmail)) {
        ctx.addIssue({
          code: 'custom',
          path: ['newEmail'],
          message: FIELD_RULE_MESSAGES.must_differ,
          params: { rule: 'must_differ' },
        });
      }
    },
    { when: ({ value }) => typeof (value as { newEmail?: unknown } | null)?.newEmail === 'string' },
  );
}

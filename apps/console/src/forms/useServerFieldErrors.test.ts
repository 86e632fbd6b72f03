import { describe, expect, it } from 'vitest';
import { serverErrorSteps } from './useServerFieldErrors.ts';
import { FORM_ERROR } from './useZodForm.ts';

describe('serverErrorSteps', () => {
  const FIELDS = ['name', 'email', 'phone'] as const;

  it("puts the messages on the fields in the form's order, focusing the first, then the form's sentence", () => {
    expect(
      serverErrorSteps({ form: 'Check the rest.', fields: { phone: 'bad phone', email: 'bad email' } }, FIELDS),
    ).toEqual([
      { name: 'email', message: 'bad email', focus: true },
      { name: 'phone', message: 'bad phone', focus: false },
      { name: FORM_ERROR, message: 'Check the rest.', focus: false },
    ]);
  });

  it('only states the sentence when no field is named', () => {
    expect(serverErrorSteps({ form: 'Try again later.', fields: {} }, FIELDS)).toEqual([
      { name: FORM_ERROR, message: 'Try again later.', focus: false },
    ]);
  });
});

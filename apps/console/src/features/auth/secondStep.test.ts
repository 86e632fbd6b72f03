import { errorBody, parseFields, TWO_STEP_MAX_ATTEMPTS } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { apiFailure } from '../../test-support/apiFailure.ts';
import { secondStepFormSchema } from './authForms.ts';
import { secondStepReaction } from './secondStep.ts';

/** The code as the form sends it, or the rule that refused it. */
function normalisedCode(input: string): string {
  const parsed = parseFields(secondStepFormSchema, { code: input });
  return parsed.ok ? parsed.data.code : `refused:${parsed.fields.map((f) => `${f.field}:${f.rule}`).join()}`;
}

describe('secondStepFormSchema', () => {
  it('accepts 6 digits, with spaces the user typed or pasted', () => {
    expect(normalisedCode('123456')).toBe('123456');
    expect(normalisedCode(' 123 456 ')).toBe('123456');
  });

  it('refuses anything else as a wrong format, and nothing typed as required', () => {
    for (const input of ['12345', '1234567', '12-34-56', 'abcdef', '１２３４５６']) {
      expect(normalisedCode(input), input).toBe('refused:code:format');
    }
    for (const input of ['', '   ']) expect(normalisedCode(input), input).toBe('refused:code:required');
  });
});

describe('secondStepReaction', () => {
  it('lets the user correct a wrong code', () => {
    expect(secondStepReaction(apiFailure(400, errorBody('two_step_code_invalid')), 0)).toEqual({
      kind: 'retry',
      wrongCodes: 1,
    });
  });

  it('sends the user back after the last allowed wrong code', () => {
    expect(secondStepReaction(apiFailure(400, errorBody('two_step_code_invalid')), TWO_STEP_MAX_ATTEMPTS - 1)).toEqual({
      kind: 'restart',
      notice: 'two_step_code_invalid',
    });
  });

  it('sends the user back when the code expired or the sign-in ended', () => {
    expect(secondStepReaction(apiFailure(400, errorBody('two_step_code_expired')), 0)).toEqual({
      kind: 'restart',
      notice: 'two_step_code_expired',
    });
    expect(secondStepReaction(apiFailure(401, errorBody('not_authenticated')), 2)).toEqual({
      kind: 'restart',
      notice: 'sign_in_ended',
    });
  });

  it('shows anything else as a message (rate limit, network)', () => {
    expect(secondStepReaction(apiFailure(429, errorBody('too_many_attempts')), 0)).toEqual({ kind: 'message' });
    expect(secondStepReaction(apiFailure(0, null), 0)).toEqual({ kind: 'message' });
    expect(secondStepReaction(new Error('x'), 0)).toEqual({ kind: 'message' });
  });
});

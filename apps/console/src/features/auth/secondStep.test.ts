import { describeErrorResponse, errorBody, TWO_STEP_MAX_ATTEMPTS } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/apiError.ts';
import { normalisedCode, secondStepReaction } from './secondStep.ts';

function failure(status: number, body: unknown): ApiError {
  return new ApiError(status, body, describeErrorResponse(status, body));
}

describe('normalisedCode', () => {
  it('accepts 6 digits, with spaces the user typed or pasted', () => {
    expect(normalisedCode('123456')).toBe('123456');
    expect(normalisedCode(' 123 456 ')).toBe('123456');
  });

  it('refuses anything else', () => {
    for (const input of ['', '12345', '1234567', '12-34-56', 'abcdef', '１２３４５６']) {
      expect(normalisedCode(input), input).toBeUndefined();
    }
  });
});

describe('secondStepReaction', () => {
  it('lets the user correct a wrong code', () => {
    expect(secondStepReaction(failure(400, errorBody('two_step_code_invalid')), 0)).toEqual({
      kind: 'retry',
      wrongCodes: 1,
    });
  });

  it('sends the user back after the last allowed wrong code', () => {
    expect(secondStepReaction(failure(400, errorBody('two_step_code_invalid')), TWO_STEP_MAX_ATTEMPTS - 1)).toEqual({
      kind: 'restart',
      notice: 'two_step_code_invalid',
    });
  });

  it('sends the user back when the code expired or the sign-in ended', () => {
    expect(secondStepReaction(failure(400, errorBody('two_step_code_expired')), 0)).toEqual({
      kind: 'restart',
      notice: 'two_step_code_expired',
    });
    expect(secondStepReaction(failure(401, errorBody('not_authenticated')), 2)).toEqual({
      kind: 'restart',
      notice: 'sign_in_ended',
    });
  });

  it('shows anything else as a message (rate limit, network)', () => {
    expect(secondStepReaction(failure(429, errorBody('too_many_attempts')), 0)).toEqual({ kind: 'message' });
    expect(secondStepReaction(failure(0, null), 0)).toEqual({ kind: 'message' });
    expect(secondStepReaction(new Error('x'), 0)).toEqual({ kind: 'message' });
  });
});

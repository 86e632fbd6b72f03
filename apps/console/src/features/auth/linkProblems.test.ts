import { describeErrorResponse, errorBody } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/apiError.ts';
import { linkProblemOf } from './linkProblems.ts';

const failure = (status: number, body: unknown) => new ApiError(status, body, describeErrorResponse(status, body));

describe('linkProblemOf', () => {
  it('tells an expired link from an invalid one, for every kind of mailed link', () => {
    expect(linkProblemOf(failure(400, errorBody('password_reset_expired')))).toBe('expired');
    expect(linkProblemOf(failure(400, errorBody('link_expired')))).toBe('expired');
    expect(linkProblemOf(failure(400, errorBody('password_reset_failed')))).toBe('invalid');
    expect(linkProblemOf(failure(400, errorBody('link_invalid')))).toBe('invalid');
    expect(linkProblemOf(failure(409, errorBody('email_already_used')))).toBe('email_taken');
  });

  it('reads a refused malformed token as invalid, and a failure of the server or network as worth a retry', () => {
    expect(linkProblemOf(failure(422, errorBody('validation_failed')))).toBe('invalid');
    expect(linkProblemOf(failure(500, errorBody('internal_error')))).toBe('other');
    expect(linkProblemOf(failure(0, null))).toBe('other');
    expect(linkProblemOf(new Error('x'))).toBe('other');
  });
});

import { describeErrorResponse } from '@spinyard/domain';
import { ApiError } from '../api/apiError.ts';

/** The error a call throws when the server answers `status` with `body`, as the API client builds it. */
export function apiFailure(status: number, body: unknown): ApiError {
  return new ApiError(status, body, describeErrorResponse(status, body));
}

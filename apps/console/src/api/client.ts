import { describeErrorResponse, type ErrorContext } from '@spinyard/domain';
import { ApiError } from './apiError.ts';
import { apiErrorText } from './errorText.ts';
import { notifyError } from './notify.ts';
import { endSessionAfterUnauthorized } from './session.ts';
import { tokens } from './tokens.ts';
import { buildUrl, type QueryValue } from './url.ts';

/** Base path of the content API (second document, section 7); it takes the content token, not the access token. */
export const CONTENT_API_BASE = '/api/browser/v0';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/x-www-form-urlencoded, as the auth calls expect. */
  form?: Record<string, string>;
  json?: unknown;
  /** A file sent as its own bytes with the type text/csv (the CSV uploads). */
  csv?: Blob;
  /** Which stored token to send; by default the content token under the content API, else the access token. */
  auth?: 'access' | 'content' | 'none';
  as?: 'json' | 'blob';
  /**
   * 'notify' (default) applies the catalogue: messages, logout on 401. 'silent' leaves every failure to the
   * caller, for forms that show errors beside their fields.
   */
  errors?: 'notify' | 'silent';
  errorContext?: ErrorContext;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

function tokenFor(path: string, auth: RequestOptions['auth']): string | null {
  const kind = auth ?? (path.startsWith(CONTENT_API_BASE) ? 'content' : 'access');
  if (kind === 'none') return null;
  return kind === 'content' ? tokens.content() : tokens.access();
}

async function readBody(response: Response, as: 'json' | 'blob'): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && as === 'blob') return response.blob();
  if (type.includes('json')) {
    try {
      return await response.json();
    } catch {
      return null;
    }
  }
  return response.ok ? response.text() : null;
}

function handleFailure(error: ApiError, sentToken: string | null, currentToken: () => string | null): void {
  const { action } = error.description;
  if (action === 'ignore') return;
  if (action === 'logout') {
    // Parallel calls can all answer 401; only the first one (still holding the token it sent) ends the session.
    // A token already replaced by another tab's sign-in is left alone: the "another user" alert handles that.
    if (sentToken === null || currentToken() !== sentToken) return;
    notifyError(apiErrorText(error));
    endSessionAfterUnauthorized();
    return;
  }
  notifyError(apiErrorText(error));
}

/** The one HTTP client of the console. Resolves with status and data for 2xx; rejects with an ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const token = tokenFor(path, options.auth);
  const headers: Record<string, string> = { Accept: options.as === 'blob' ? '*/*' : 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.csv !== undefined) {
    headers['Content-Type'] = 'text/csv';
    body = options.csv;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, Date.now()), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body ?? null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const failure = new ApiError(0, null, describeErrorResponse(0, null, options.errorContext));
    if (options.errors !== 'silent') handleFailure(failure, token, () => tokenFor(path, options.auth));
    throw failure;
  }

  const data = await readBody(response, options.as ?? 'json');
  if (response.ok) return { status: response.status, data: data as T };

  const failure = new ApiError(
    response.status,
    data,
    describeErrorResponse(response.status, data, options.errorContext),
  );
  if (options.errors !== 'silent') handleFailure(failure, token, () => tokenFor(path, options.auth));
  throw failure;
}

/** The data of a successful call, for query functions that do not care about the exact 2xx status. */
export async function apiGet<T>(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<T> {
  return (await apiRequest<T>(path, { ...options, method: 'GET' })).data;
}

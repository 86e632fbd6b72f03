import { type ErrorCode, errorBody } from '@spinyard/domain';
import { Server } from '@tus/server';
import { isDiskFull } from '../../platform/storage/disk-full.ts';

/**
 * tus answers its own refusals (a wrong offset, a missing header, a lock held, a write that failed) in plain text;
 * the product answers every error in its one shape. The statuses stay tus's, since tus clients act on them (409:
 * ask the offset again), and the code says the same in the catalogue's words.
 */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  403: 'bad_request',
  404: 'not_found',
  409: 'conflict',
  410: 'not_found',
  412: 'bad_request',
  413: 'file_too_large',
  415: 'unsupported_video_format',
  423: 'conflict',
  460: 'bad_request',
  501: 'bad_request',
  507: 'insufficient_storage',
};

const JSON_TYPE = 'application/json; charset=utf-8';

function isErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string';
  } catch {
    return false;
  }
}

/** The error shape for a tus refusal: tus's own text is kept as the message, which names what was wrong. */
function shaped(status: number, text: string): string {
  // tus's 403s are a missing header (a bad request) or the creation refused outside its route (forbidden).
  const code = status === 403 && !/required/i.test(text) ? 'forbidden' : (CODE_BY_STATUS[status] ?? 'internal_error');
  // A fault's text may carry internals (paths, driver messages): only the catalogue's words go out.
  const message = status >= 500 ? undefined : text.trim() || undefined;
  return JSON.stringify(errorBody(code, message));
}

/** tus's server answering its errors in the product's error shape, and a full disk as 507. */
export class ShapedTusServer extends Server {
  constructor(options: ConstructorParameters<typeof Server>[0]) {
    const mapError = options.onResponseError;
    super({
      ...options,
      async onResponseError(req, error) {
        // A full disk under a PATCH is the operator's to fix, not a fault: named as what it is.
        if (isDiskFull(error)) return { status_code: 507, body: JSON.stringify(errorBody('insufficient_storage')) };
        return mapError?.(req, error);
      },
    });
  }

  override async write(...args: Parameters<Server['write']>): ReturnType<Server['write']> {
    const [context, headers, status, body = ''] = args;
    if (status < 400 || isErrorShape(body)) return super.write(context, headers, status, body);
    headers.set('Content-Type', JSON_TYPE);
    return super.write(context, headers, status, shaped(status, body));
  }
}

import type { FastifyStaticOptions, SetHeadersResponse } from '@fastify/static';

/**
 * The options of a built app's files served by @fastify/static: the build wrote a Brotli and a gzip copy beside
 * each text file (scripts/precompress.mjs), sent to clients that take them (a missing copy falls back to the next
 * encoding, then to the file itself), so no static file is compressed per request. Content-Length and the ETag are
 * the copy's own, so each encoding is cached apart. The plugin does not say that the answer depends on
 * Accept-Encoding: without Vary a shared cache could hand the Brotli copy to a client that cannot read it.
 */
export function builtFiles(
  options: Pick<FastifyStaticOptions, 'prefix' | 'decorateReply' | 'index' | 'wildcard' | 'maxAge' | 'immutable'> & {
    root: string;
  },
  headers: (res: SetHeadersResponse, filePath: string) => void,
): FastifyStaticOptions {
  return {
    ...options,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader('vary', 'accept-encoding');
      headers(res, filePath);
    },
  };
}

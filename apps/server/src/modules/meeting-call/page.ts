import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CALL_PAGE_PATH } from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import { callPageNotBuilt } from '../../http/console-not-built.ts';

/**
 * The call page's own policy: the viewer's, plus the signaling socket (same origin: `'self'` covers ws: in current
 * browsers, named for older ones), the cameras' streams, a meeting's PDF shown from the file the page fetched with
 * its link (a `blob:` frame), and never framed itself (a call in a hidden frame could film).
 */
const CALL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self' ws: wss:",
  "font-src 'self'",
  "worker-src 'self' blob:",
  'frame-src blob:',
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `GET /call`: the call page (the viewer app's `call.html`), the same bytes for every meeting: the link's token is
 * in the address's fragment (`/call#token`), read by the page, never sent to the server. Absent until the viewer
 * is built.
 */
export async function registerCallPage(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  if (distDir === undefined) return;
  let html: string | undefined;
  const page = () => {
    html ??= readFileSync(path.join(distDir, 'call.html'), 'utf8');
    return html;
  };
  app.get(
    CALL_PAGE_PATH,
    {
      schema: {
        tags: ['web-negotiation'],
        summary: "A web negotiation's call page (the link's token in the fragment)",
      },
    },
    async (request, reply) => {
      let body: string;
      try {
        body = page();
      } catch {
        // In the error shape for a client asking for JSON, a page in the browser's language otherwise (issue 18).
        return callPageNotBuilt(request, reply);
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', CALL_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('permissions-policy', 'camera=(self), microphone=(self), display-capture=(self)')
        .header('cache-control', 'no-cache')
        .send(body);
    },
  );
}

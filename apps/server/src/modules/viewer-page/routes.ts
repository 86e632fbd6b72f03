import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ErrorCode, errorBody, type Locale, viewerManifestQuery } from '@spinyard/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compressedHtml } from '../../http/compress.ts';
import { wantsJson } from '../../http/negotiate.ts';
import { builtFiles } from '../../http/static-files.ts';
import { recentlyUsed } from '../../platform/recently-used.ts';
import type { ModuleContext } from '../context.ts';
import { wornDesign } from '../design/service.ts';
import { originOf } from '../publishing/build-service.ts';
import { scopedViewerService } from '../publishing/viewer-service.ts';
import { ANALYTICS_TAG_PATTERN, parseTemplate, type ViewerTemplate } from './html.ts';
import { pageLocale } from './messages.ts';
import { type PageRequest, type ViewerPage, type ViewerPageService, viewerPageService } from './service.ts';
import { TAG_FRAME_CSP, TAG_FRAME_HTML, TAG_FRAME_PATH } from './tag-frame.ts';

/** Where the built viewer's files are served (vite.config.ts of apps/viewer builds for this base). */
export const VIEWER_ASSET_PREFIX = '/viewer/';

const pageQuery = viewerManifestQuery.extend({
  embed: z.string().max(10).optional(),
  view: z.string().max(20).optional(),
});
// Any text: a short id that is not one answers the not-found page, not the API's JSON refusal.
const pageParams = z.object({ short_id: z.string().max(100) });
const gateBody = z.object({ password: z.string().max(200).default('') });
const tagFrameQuery = z.object({
  id: z.string().regex(ANALYTICS_TAG_PATTERN, 'An analytics tag id such as G-XXXXXXX.'),
});

/** Refusals without a code of their own (the gate, its throttle, an unbuilt viewer), by status. */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'viewer_password_required',
  429: 'too_many_attempts',
  503: 'service_unavailable',
};

function send(reply: FastifyReply, page: ViewerPage, acceptEncoding: string | undefined) {
  if (page.status >= 400 && wantsJson(reply.request.headers.accept)) {
    if (page.retryAfterSeconds !== undefined) reply.header('retry-after', String(page.retryAfterSeconds));
    const code = page.code ?? CODE_BY_STATUS[page.status] ?? 'not_found';
    return reply.code(page.status).header('cache-control', 'no-store').send(errorBody(code));
  }
  const body = compressedHtml(page.html, acceptEncoding);
  if (body.encoding) reply.header('content-encoding', body.encoding);
  reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', page.csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    // The manifest is in the page: a republish or an unpublish must show at the next load.
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding');
  if (page.retryAfterSeconds !== undefined) reply.header('retry-after', String(page.retryAfterSeconds));
  return reply.send(body.data);
}

const pageRoutes: FastifyPluginAsyncZod<{ pages: ViewerPageService }> = async (app, { pages }) => {
  // What the headers of the last requests came to: many buyers send the same few, each worked out once.
  const locales = recentlyUsed<string, Locale>(256);
  const origins = recentlyUsed<string, string>(256);
  const request = (req: {
    headers: Record<string, unknown>;
    query: { embed?: string | undefined };
    host: string;
    protocol: string;
  }): PageRequest => {
    const language = typeof req.headers['accept-language'] === 'string' ? req.headers['accept-language'] : '';
    const base = `${req.protocol}://${req.host}`;
    return {
      lang: locales.get(language) ?? locales.set(language, pageLocale(language)),
      embed: req.query.embed === '1',
      host: req.host,
      origin: origins.get(base) ?? origins.set(base, originOf(undefined, base)),
    };
  };

  app.get(
    '/v/:short_id',
    {
      schema: {
        tags: ['viewer'],
        summary:
          "A published vehicle's viewer page (HTML, the first frame in it). Limited publication: the password form. Unpublished and sleeping 404, deleted 410",
        params: pageParams,
        querystring: pageQuery,
      },
    },
    async (req, reply) =>
      send(reply, await pages.page(req.params.short_id, req.query.token, request(req)), req.headers['accept-encoding']),
  );

  app.get(
    TAG_FRAME_PATH,
    {
      schema: {
        tags: ['viewer'],
        summary:
          "The sandboxed frame the dealer's analytics tag runs in (its CSP: sandbox allow-scripts, an opaque origin), never the viewer page itself",
        querystring: tagFrameQuery,
      },
    },
    async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', TAG_FRAME_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        // The same bytes for every tag id (the script reads it from the address).
        .header('cache-control', 'public, max-age=86400')
        .send(TAG_FRAME_HTML),
  );

  app.post(
    '/v/:short_id',
    {
      schema: {
        tags: ['viewer'],
        summary:
          'The password form of a limited publication (checked as /access checks it): the viewer page, or the form again',
        params: pageParams,
        querystring: pageQuery,
        body: gateBody,
        consumes: ['application/x-www-form-urlencoded'],
      },
    },
    async (req, reply) => {
      return send(
        reply,
        await pages.unlock(req.params.short_id, req.body.password, req.ip, request(req)),
        req.headers['accept-encoding'],
      );
    },
  );
};

/** The built index.html, read once; absent until `npm run build` has built the viewer. */
function templateLoader(distDir: string | undefined): () => ViewerTemplate | undefined {
  let cached: ViewerTemplate | undefined;
  return () => {
    if (cached || distDir === undefined) return cached;
    try {
      const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
      const readAsset = (href: string) => {
        if (!href.startsWith(VIEWER_ASSET_PREFIX) || href.includes('..')) return undefined;
        return readFileSync(path.join(distDir, href.slice(VIEWER_ASSET_PREFIX.length)), 'utf8');
      };
      cached = parseTemplate(html, readAsset);
    } catch {
      return undefined;
    }
    return cached;
  };
}

/**
 * The viewer's page at the short URL and its built files. The files are content-hashed, so cached for a year; the
 * page is never cached.
 */
export async function registerViewerPage(
  app: FastifyInstance,
  ctx: ModuleContext,
  distDir: string | undefined,
): Promise<void> {
  const pages = viewerPageService({
    viewer: scopedViewerService(app, ctx),
    template: templateLoader(distDir),
    design: wornDesign,
  });
  await app.register(pageRoutes, { pages });
  if (distDir !== undefined) await registerViewerAssets(app, distDir);
}

/** The built viewer's files, content-hashed, so cached for a year; a phone downloads them compressed by the build. */
export async function registerViewerAssets(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(
    fastifyStatic,
    builtFiles(
      {
        root: path.join(distDir, 'assets'),
        prefix: `${VIEWER_ASSET_PREFIX}assets/`,
        decorateReply: false,
        index: false,
        wildcard: true,
        maxAge: 31_536_000_000,
        immutable: true,
      },
      // Fetched by pages of any site that frames the viewer.
      (res) => res.setHeader('cross-origin-resource-policy', 'cross-origin'),
    ),
  );
}

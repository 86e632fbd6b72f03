import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorBody } from '@spinyard/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consoleNotBuilt } from './console-not-built.ts';
import { builtFiles } from './static-files.ts';

/** Paths that belong to the API and media, never to the single-page console. */
const API_PREFIXES = ['/v1/', '/api/', '/svnmedia/', '/viewer/', '/docs', '/healthz', '/readyz'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
}

/**
 * Serves the built console. Hashed assets are cached for a year; index.html never, so a deploy reaches every
 * browser at its next navigation. Any other GET is the console's own route: index.html, whose router shows
 * the page or the not-found screen.
 */
export async function registerConsole(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const built = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(
      fastifyStatic,
      builtFiles({ root: distDir, wildcard: true, index: false }, (res, filePath) => {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      }),
    );
  }

  // The root is the console's own route (it redirects to /login or /top); the static plugin would refuse it.
  app.get('/', { schema: { hide: true } }, (_request, reply) => {
    if (!built) return reply.status(404).send(errorBody('not_found'));
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // The catalogue's own message, so the console (which translates a known message by its code) shows it in
    // the user's language; the method and path are already in the request log.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found'));
    }
    if (isApiPath(request.url)) {
      return reply.status(404).send(errorBody('not_found'));
    }
    if (!built && distDir === undefined) {
      return reply.status(404).send(errorBody('not_found'));
    }
    if (!built) return consoleNotBuilt(request, reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

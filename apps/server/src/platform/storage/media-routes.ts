import { errorBody } from '@spinyard/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type BlobStore, parseBlobKey, UnsafeBlobKeyError } from './blob-store.ts';
import { cacheControlFor } from './content-addressed.ts';

const PREFIX = '/svnmedia/';

/**
 * Blobs under this prefix are never served: they are kept for the workers (an upload not yet checked by the
 * pipeline, modules/uploads/upload-files.ts), not published. A CDN reading an S3 bucket directly must leave it out.
 */
export const PRIVATE_BLOB_PREFIX = 'private/';

// A short list on purpose: anything else is served as a download, so an uploaded file can never be
// interpreted by the browser as something we did not mean to publish.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  json: 'application/json; charset=utf-8',
};

export function contentTypeFor(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot === -1 ? '' : key.slice(dot + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Types served without the `sandbox` CSP (see the route): none of them runs script when opened on its own. */
export function sparedFromSandbox(type: string): boolean {
  return type === 'application/pdf' || type.startsWith('video/') || type.startsWith('audio/');
}

/**
 * The key from the raw URL, decoded one segment at a time: decoding the whole path first would turn `%2F` into
 * a separator and `%2e%2e` into a parent step. Null for anything that is not a safe key.
 */
function keyFromUrl(url: string): string | null {
  const pathname = url.split('?', 1)[0] ?? '';
  if (!pathname.startsWith(PREFIX)) return null;
  try {
    const segments = pathname.slice(PREFIX.length).split('/').map(decodeURIComponent);
    // Checked here because joining would quietly turn an encoded slash into a real separator.
    if (segments.some((segment) => segment.includes('/'))) return null;
    const key = segments.join('/');
    parseBlobKey(key);
    return key;
  } catch (error) {
    if (error instanceof URIError || error instanceof UnsafeBlobKeyError) return null;
    throw error;
  }
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send(errorBody('not_found'));
}

/**
 * Whether a key may be answered to this request, and with which caching: null answers the same 404 as a missing
 * blob, so a refused key and an absent one cannot be told apart. `query` is the URL's parsed query (a signed URL's
 * proof travels there, platform/storage/signed-urls.ts).
 */
export type MediaAccess = (
  key: string,
  query: Readonly<Record<string, unknown>>,
  nowMs: number,
) => Promise<{ cacheControl: string } | null>;

/** Every key but `private/`: for a store of public files only (the route's own tests). */
export const openMediaAccess: MediaAccess = async (key) => ({ cacheControl: cacheControlFor(key) });

export interface MediaRoutesOptions {
  store: BlobStore;
  access: MediaAccess;
}

/**
 * `GET|HEAD /svnmedia/*` from the blob store, each key as `access` allows. Register it without a prefix. Missing,
 * unsafe and refused keys answer the same 404, so probing reveals nothing about the disk or about who has what.
 */
export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, { store, access }) => {
  async function serve(request: FastifyRequest, reply: FastifyReply) {
    // Sent on every answer, 404s included: no response from here may be sniffed into HTML.
    reply.header('x-content-type-options', 'nosniff');
    const key = keyFromUrl(request.url);
    if (key === null || key.startsWith(PRIVATE_BLOB_PREFIX)) return notFound(reply);
    const allowed = await access(key, (request.query ?? {}) as Record<string, unknown>, Date.now());
    if (allowed === null) return notFound(reply);

    let blob: Awaited<ReturnType<BlobStore['get']>>;
    try {
      blob = await store.get(key);
    } catch (error) {
      // A symlink leading out of the store is just another unsafe key.
      if (error instanceof UnsafeBlobKeyError) return notFound(reply);
      throw error;
    }
    if (!blob) return notFound(reply);

    const type = contentTypeFor(key);
    reply
      .header('content-type', type)
      .header('content-length', blob.size)
      // As the access rule says: a public content-addressed key for a year, a signed one privately until it expires.
      .header('cache-control', allowed.cacheControl);
    // Scripts in an SVG (or in any file opened directly) run with no origin. Spared: PDF, because Chromium's viewer
    // refuses to render inside a sandboxed document, and video and audio, which run no script and which Chromium's
    // player cannot load inside one (the opaque origin makes it fetch its own file cross-origin: a dealer's "watch"
    // link opened a player stuck at 0:00).
    if (!sparedFromSandbox(type)) reply.header('content-security-policy', 'sandbox');

    if (request.method === 'HEAD') {
      // Only the size was needed; dropping the stream keeps HEAD from reading a whole video.
      if ('destroy' in blob.stream && typeof blob.stream.destroy === 'function') blob.stream.destroy();
      return reply.send();
    }
    return reply.send(blob.stream);
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: `${PREFIX}*`,
    exposeHeadRoute: false,
    // Documented like every call of the spec's list (GET {mediahost}/svnmedia/pdf/{name}_jp.pdf, the logos).
    schema: {
      summary:
        'A stored file: the manuals (pdf/{name}_jp.pdf), logos (images/logos/company_logo_{id}.png), a published ' +
        "vehicle's copies (while it is public), a vehicle's own files (only by the signed URL its answers carry)",
      tags: ['publishing'],
    },
    handler: serve,
  });
};

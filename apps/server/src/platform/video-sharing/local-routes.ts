import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../escape-html.ts';
import { LOCAL_SITE_PATH, type LocalVideoSite } from './local-site.ts';
import { localSiteStore } from './local-store.ts';
import { localWords } from './local-words.ts';

/**
 * The local video site's own pages (issue 20, point 5): the consent page the authorize address opens (the channel's
 * name, "allow" and "deny" as two buttons of one form, no script), and the watch page of an uploaded video with its
 * file and thumbnail. The code goes back only to this server's own /youtube/callback, as a real service sends it
 * only to a registered redirect address.
 */

const HIDDEN = { schema: { hide: true } };
const ID = /^[A-Za-z0-9_-]{11}$/;

function page(lang: string, title: string, main: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 0 1rem; background: #f2f2f2; color: #111; }
main { max-width: 40rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem; }
.site { font-weight: 700; color: #b00020; } label { display: block; margin: 1rem 0 .25rem; }
input { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; }
.actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; padding: .6rem 1.1rem; border-radius: 6px; border: 1px solid #333; cursor: pointer; background: #fff; }
button[value="allow"] { background: #1a56c4; color: #fff; border-color: #1a56c4; }
button:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
video { width: 100%; background: #000; }
</style></head>
<body><main><p class="site">${escapeHtml(title)}</p>
${main}
</main></body></html>
`;
}

const sendPage = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; img-src 'self'; form-action *",
    )
    .send(body);

/** The redirect address when it is this server's own callback page, else null. */
function ownCallback(request: FastifyRequest, value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.host === request.host && url.pathname.endsWith('/youtube/callback') ? url : null;
  } catch {
    return null;
  }
}

export const localSiteRoutes: FastifyPluginAsync<{ site: LocalVideoSite }> = async (app, { site }) => {
  const records = localSiteStore(site.store);
  const wordsOf = (request: FastifyRequest) => localWords(request.headers['accept-language']);

  app.get<{ Querystring: Record<string, string> }>(`${LOCAL_SITE_PATH}/authorize`, HIDDEN, async (request, reply) => {
    const words = wordsOf(request);
    const query = request.query;
    if (!ownCallback(request, query.redirect_uri) || query.response_type !== 'code') {
      return sendPage(reply, 400, page('en', words.title, '<p role="alert">invalid_request</p>'));
    }
    const hidden = ['redirect_uri', 'state']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
      .join('');
    const body = `<h1>${escapeHtml(words.asks)}</h1><ul>${words.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="${LOCAL_SITE_PATH}/authorize">${hidden}
<label for="channel">${escapeHtml(words.channelLabel)}</label>
<input id="channel" name="channel" maxlength="100" value="${escapeHtml(words.defaultChannel)}" required>
<div class="actions"><button type="submit" name="answer" value="allow" autofocus>${escapeHtml(words.allow)}</button>
<button type="submit" name="answer" value="deny">${escapeHtml(words.deny)}</button></div></form>`;
    return sendPage(reply, 200, page(request.headers['accept-language']?.slice(0, 2) ?? 'en', words.title, body));
  });

  app.post<{ Body: unknown }>(`${LOCAL_SITE_PATH}/authorize`, HIDDEN, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const back = ownCallback(request, form.redirect_uri);
    if (!back) return sendPage(reply, 400, page('en', wordsOf(request).title, '<p role="alert">invalid_request</p>'));
    back.search = '';
    back.searchParams.set('state', typeof form.state === 'string' ? form.state : '');
    if (form.answer === 'allow') {
      const title =
        typeof form.channel === 'string' && form.channel.trim() ? form.channel.trim().slice(0, 100) : 'Channel';
      back.searchParams.set('code', await site.consent({ channelTitle: title }));
    } else {
      back.searchParams.set('error', 'access_denied');
    }
    return reply.redirect(back.toString(), 303);
  });

  app.get<{ Querystring: { v?: string } }>(`${LOCAL_SITE_PATH}/watch`, HIDDEN, async (request, reply) => {
    const words = wordsOf(request);
    const id = request.query.v ?? '';
    const video = ID.test(id) ? await records.video(id) : undefined;
    if (!video)
      return sendPage(
        reply,
        404,
        page('en', words.title, `<h1>${escapeHtml(words.notFound)}</h1><p>${escapeHtml(words.noVideo)}</p>`),
      );
    const poster = video.hasThumbnail ? ` poster="${LOCAL_SITE_PATH}/files/${id}/thumbnail"` : '';
    const body = `<video controls playsinline preload="metadata"${poster} src="${LOCAL_SITE_PATH}/files/${id}/video"></video>
<h1>${escapeHtml(video.metadata.title)}</h1><p>${escapeHtml(video.metadata.description).replace(/\n/g, '<br>')}</p>`;
    return sendPage(reply, 200, page(video.metadata.language ?? 'en', words.title, body));
  });

  app.get<{ Params: { id: string; file: string } }>(
    `${LOCAL_SITE_PATH}/files/:id/:file`,
    HIDDEN,
    async (request, reply) => {
      const { id, file } = request.params;
      if (!ID.test(id) || (file !== 'video' && file !== 'thumbnail')) return reply.code(404).send();
      const video = await records.video(id);
      const blob = video
        ? await site.store.get(file === 'video' ? records.videoFileKey(id) : records.thumbnailKey(id))
        : null;
      if (!video || !blob) return reply.code(404).send();
      return reply
        .header('content-type', file === 'video' ? video.contentType : 'image/jpeg')
        .header('content-length', blob.size)
        .header('cache-control', 'no-store')
        .send(blob.stream);
    },
  );
};

import { errorBody, type Locale } from '@spinyard/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredLocale, wantsJson } from './negotiate.ts';

/** What an operator sees at the console's address before `npm run build`: the cause and the one step that fixes it. */
const WORDS: Readonly<Record<Locale, { title: string; heading: string; text: string }>> = {
  ja: {
    title: 'Spinyard',
    heading: '管理画面はまだビルドされていません',
    text: 'サーバーで npm run build を実行してから、このページを再読み込みしてください（npm start は自動で実行します）。',
  },
  en: {
    title: 'Spinyard',
    heading: 'The console is not built yet',
    text: 'Run npm run build on the server, then reload this page (npm start does it for you).',
  },
  fr: {
    title: 'Spinyard',
    heading: "La console n'est pas encore construite",
    text: 'Lancez npm run build sur le serveur, puis rechargez cette page (npm start le fait pour vous).',
  },
  pt: {
    title: 'Spinyard',
    heading: 'O console ainda não foi compilado',
    text: 'Execute npm run build no servidor e recarregue esta página (o npm start faz isso por você).',
  },
};

/** The error shape's message for a client that asks for JSON (the catalogue's code, this cause). */
const NOT_BUILT_MESSAGE = 'The console is not built yet. Run `npm run build` (npm start does it for you).';

const page = (lang: Locale): string => {
  const w = WORDS[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${w.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#1a1a1a}</style>
</head><body><main><h1>${w.heading}</h1><p>${w.text}</p></main></body></html>
`;
};

/**
 * 503 while the console's files are missing: the error shape for a client asking for JSON, else a small page in the
 * browser's language (English when it asks for none of ours, as the console itself falls back).
 */
export function consoleNotBuilt(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (wantsJson(request.headers.accept)) {
    return reply.status(503).send(errorBody('service_unavailable', NOT_BUILT_MESSAGE));
  }
  const lang = preferredLocale(request.headers['accept-language'], 'en');
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .header('vary', 'accept, accept-language')
    .send(page(lang));
}

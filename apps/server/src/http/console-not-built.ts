import { errorBody, type Locale } from '@spinyard/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredLocale, wantsJson } from './negotiate.ts';

/** A heading per language: what is not built. */
type Words = Readonly<Record<Locale, string>>;

/** What an operator sees at the console's address before `npm run build`: the cause and the one step that fixes it. */
const CONSOLE_WORDS: Words = {
  ja: '管理画面はまだビルドされていません',
  en: 'The console is not built yet',
  fr: "La console n'est pas encore construite",
  pt: 'O console ainda não foi compilado',
};

/** The same at a web negotiation's call page (`/call`), which the viewer's build makes. */
const CALL_WORDS: Words = {
  ja: '通話ページはまだビルドされていません',
  en: 'The call page is not built yet',
  fr: "La page d'appel n'est pas encore construite",
  pt: 'A página de chamada ainda não foi compilada',
};

/** The one step that fixes either. */
const REBUILD: Words = {
  ja: 'サーバーで npm run build を実行してから、このページを再読み込みしてください（npm start は自動で実行します）。',
  en: 'Run npm run build on the server, then reload this page (npm start does it for you).',
  fr: 'Lancez npm run build sur le serveur, puis rechargez cette page (npm start le fait pour vous).',
  pt: 'Execute npm run build no servidor e recarregue esta página (o npm start faz isso por você).',
};

const page = (words: Words, lang: Locale): string => {
  const w = { title: 'Spinyard', heading: words[lang], text: REBUILD[lang] };
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${w.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6;color:#1a1a1a}</style>
</head><body><main><h1>${w.heading}</h1><p>${w.text}</p></main></body></html>
`;
};

/**
 * 503 while a built part's files are missing: the error shape for a client that asks for JSON (the catalogue's code,
 * the cause as its message), else a small page in the browser's language (English when it asks for none of ours, as
 * the console itself falls back).
 */
function notBuilt(words: Words, message: string) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    reply.header('cache-control', 'no-store');
    if (wantsJson(request.headers.accept)) return reply.status(503).send(errorBody('service_unavailable', message));
    const lang = preferredLocale(request.headers['accept-language'], 'en');
    return reply
      .status(503)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept, accept-language')
      .send(page(words, lang));
  };
}

export const consoleNotBuilt = notBuilt(
  CONSOLE_WORDS,
  'The console is not built yet. Run `npm run build` (npm start does it for you).',
);

export const callPageNotBuilt = notBuilt(
  CALL_WORDS,
  'The call page is not built yet. Run `npm run build` (npm start does it for you).',
);

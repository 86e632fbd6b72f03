import { errorAnswer } from '@spinyard/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsole } from '../../src/http/console-static.ts';
import { registerCallPage } from '../../src/modules/meeting-call/page.ts';

/** The console's address before `npm run build`: the cause told in the error shape or on a page, never plain text. */

const app = Fastify();
// A console folder named but never built (no index.html), as on a fresh clone before `npm run build`; the viewer's
// folder the same (its call.html is the web negotiation's call page).
beforeAll(async () => {
  await registerCallPage(app, '/nonexistent/spinyard-viewer-dist');
  await registerConsole(app, '/nonexistent/spinyard-console-dist');
});
afterAll(() => app.close());

const ask = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/vehicles/12', headers });

describe('the console before it is built', () => {
  it('answers a JSON client 503 service_unavailable in the error shape, naming the build', async () => {
    const res = await ask({ accept: 'application/json' });
    expect(res.statusCode).toBe(503);
    const body = errorAnswer.parse(res.json());
    expect(body.error.code).toBe('service_unavailable');
    expect(body.error.user_message).toContain('npm run build');
  });

  it.each([
    ['ja,en;q=0.8', 'ja', '管理画面はまだビルドされていません'],
    ['fr-FR,fr;q=0.9', 'fr', "La console n'est pas encore construite"],
    ['pt-BR', 'pt', 'O console ainda não foi compilado'],
    ['de-DE', 'en', 'The console is not built yet'],
  ])('answers a browser (%s) a small page in its language', async (languages, lang, heading) => {
    const res = await ask({ accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': languages });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(`<h1>${heading}</h1>`);
    expect(res.body).toContain('npm run build');
  });
});

describe("a web negotiation's call page before the viewer is built", () => {
  it('answers JSON 503 service_unavailable in the error shape, and a browser a page in its language', async () => {
    const json = await app.inject({ method: 'GET', url: '/call', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(503);
    expect(errorAnswer.parse(json.json()).error.user_message).toContain('npm run build');
    const page = await app.inject({
      method: 'GET',
      url: '/call',
      headers: { accept: 'text/html', 'accept-language': 'ja' },
    });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('<h1>通話ページはまだビルドされていません</h1>');
  });
});

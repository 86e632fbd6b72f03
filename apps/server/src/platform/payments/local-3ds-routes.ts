import type { Locale } from '@spinyard/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { preferredLocale } from '../../http/negotiate.ts';
import { escapeHtml } from '../escape-html.ts';
import { CHALLENGE_WORDS, type ChallengeWords } from './local-3ds-words.ts';
import { LOCAL_CHALLENGE_PATH } from './local-gateway.ts';
import { localGatewayRepo } from './local-repo.ts';

/**
 * The local gateway's 3-D Secure 2 challenge (issue 19, point 3): the test issuer's page a payer is sent to when a
 * charge answers `requires_action`. It says plainly that it is a test issuer, offers "authenticate" and "fail" as
 * two buttons of one form (keyboard and screen-reader usable, no script), records the answer once, and sends the
 * browser back to the charge's return URL, where the billing screen reads the charge again. The unguessable charge
 * reference in the path is what lets a visitor answer, as a real issuer's one-time challenge URL does.
 */

const REF = /^lch_[0-9a-f]{24}$/;
/** The test issuer's pages, not Spinyard's API: left out of /docs like the console's own pages. */
const HIDDEN = { schema: { hide: true } };

/** A sum of whole minor units as the payer's language writes it (¥1,100; $11.00). */
function money(amount: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 0));
}

function page(locale: Locale, words: ChallengeWords, main: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)} – ${escapeHtml(words.issuer)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 0 1rem; background: #eef1f5; color: #1c2430; }
main { max-width: 28rem; margin: 2rem auto; background: #fff; border: 1px solid #c9d1dc; border-radius: 8px; padding: 1.5rem; }
.issuer { font-size: .85rem; font-weight: 600; letter-spacing: .04em; color: #7a4b00; background: #fff4dc; padding: .25rem .5rem; border-radius: 4px; display: inline-block; }
h1 { font-size: 1.3rem; margin: .75rem 0; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { color: #4a5568; } dd { margin: 0; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; }
button, a.back { font: inherit; padding: .6rem 1.1rem; border-radius: 6px; border: 1px solid #1f4fa3; cursor: pointer; }
button[value="authenticate"] { background: #1f4fa3; color: #fff; }
button[value="fail"] { background: #fff; color: #8a1c1c; border-color: #8a1c1c; }
button:focus-visible, a:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<p class="issuer">${escapeHtml(words.issuer)}</p>
<h1>${escapeHtml(words.title)}</h1>
${main}
</main>
</body>
</html>
`;
}

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(html);
}

export const localChallengeRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const repo = localGatewayRepo(db);
  const localeOf = (header: string | undefined) => preferredLocale(header, 'ja');

  app.get<{ Params: { ref: string } }>(`${LOCAL_CHALLENGE_PATH}/:ref`, HIDDEN, async (request, reply) => {
    const locale = localeOf(request.headers['accept-language']);
    const words = CHALLENGE_WORDS[locale];
    const charge = REF.test(request.params.ref) ? await repo.challenge(request.params.ref) : undefined;
    if (!charge) return send(reply, 404, page(locale, words, `<p role="alert">${escapeHtml(words.not_found)}</p>`));
    if (charge.status !== 'requires_action') {
      const said = charge.status === 'cancelled' || charge.status === 'refunded' ? words.cancelled : words.answered;
      const back = `<p role="status">${escapeHtml(said)}</p>
<p><a class="back" href="${escapeHtml(charge.return_url)}">${escapeHtml(words.back)}</a></p>`;
      return send(reply, 409, page(locale, words, back));
    }
    const body = `<p>${escapeHtml(words.notice)}</p>
<dl>
<dt>${escapeHtml(words.amount)}</dt><dd>${escapeHtml(money(Number(charge.amount), charge.currency, locale))}</dd>
<dt>${escapeHtml(words.card)}</dt><dd>${escapeHtml(charge.brand.toUpperCase())} •••• ${escapeHtml(charge.last4)}</dd>
</dl>
<form method="post" action="${LOCAL_CHALLENGE_PATH}/${charge.ref}" class="actions">
<button type="submit" name="outcome" value="authenticate" autofocus>${escapeHtml(words.authenticate)}</button>
<button type="submit" name="outcome" value="fail">${escapeHtml(words.fail)}</button>
</form>`;
    return send(reply, 200, page(locale, words, body));
  });

  app.post<{ Params: { ref: string }; Body: unknown }>(
    `${LOCAL_CHALLENGE_PATH}/:ref`,
    HIDDEN,
    async (request, reply) => {
      const locale = localeOf(request.headers['accept-language']);
      const words = CHALLENGE_WORDS[locale];
      const outcome = (request.body as { outcome?: unknown } | null)?.outcome;
      const charge = REF.test(request.params.ref) ? await repo.challenge(request.params.ref) : undefined;
      if (!charge) return send(reply, 404, page(locale, words, `<p role="alert">${escapeHtml(words.not_found)}</p>`));
      if (outcome !== 'authenticate' && outcome !== 'fail')
        return reply.redirect(`${LOCAL_CHALLENGE_PATH}/${charge.ref}`, 303);
      // Answered once: a second tab or a resent form finds the first answer kept, and goes back all the same.
      await repo.settleChallenge(
        charge.ref,
        outcome === 'authenticate' ? 'succeeded' : 'failed',
        outcome === 'authenticate' ? null : 'card_declined',
      );
      return reply.redirect(charge.return_url, 303);
    },
  );
};

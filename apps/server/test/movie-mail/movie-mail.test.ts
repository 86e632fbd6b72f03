import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { movieMail } from '../../src/modules/movie-mail/mails.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf } from '../helpers/isolation.ts';
import { lastMailTo, linkIn } from '../helpers/mail.ts';
import { findPart, parseEml } from '../platform/eml.ts';
import { PROMO_BYTES, readyPromo } from './promo.ts';

/**
 * Movie mail (`/send_mail`): the rules of a send, the option that gates every call, the buyer's link and its
 * expiry (the page and the media route), resend and delete.
 */

const t = useTestApp();
const DAY_MS = 86_400_000;

let dealer: SignedInUser;
let car: string;
let bare: string;

const call = callerOf(t);
const send = (who: SignedInUser, payload: Record<string, unknown>) =>
  call(who, { method: 'POST', url: '/api/browser/v0/send_mail', payload });
const mail = (extra: Record<string, unknown> = {}) => ({
  content_id: car,
  to: ['buyer@example.test'],
  cc: ['boss@example.test'],
  subject: 'お問い合わせの車両の動画',
  body: 'ご覧ください。\n<script>alert(1)</script>',
  ...extra,
});
const rowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('movie_mails')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The player's main file (the source for every screen), or the one for a phone's screen ('720'). */
const sourceOf = (html: string, which: 'main' | '720' = 'main') => {
  const pattern = which === 'main' ? /<source src="([^"]+)"/ : /<source media="[^"]*" src="([^"]+)"/;
  return pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
};
const page = (link: string, language = 'ja') =>
  t.app.inject({ method: 'GET', url: new URL(link).pathname, headers: { 'accept-language': language } });

beforeAll(async () => {
  dealer = await t.make.signedIn({ privilege_type: 'super', domain: { options: { option_data: true } } });
  [car, bare] = (await t.make.vehicles(dealer, { count: 2 })) as [string, string];
  await readyPromo(t, car);
});

describe('sending a movie mail', () => {
  it('mails the link to the recipients and cc, escaping the body in the HTML part, and keeps it in the history', async () => {
    const res = await send(dealer, mail({ expiry: '7' }));
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({ recipients: ['buyer@example.test'], cc: ['boss@example.test'], expired: false });
    expect(new Date(sent.expires_at).getTime() - new Date(sent.sent_at).getTime()).toBe(7 * DAY_MS);

    const received = await lastMailTo(t.mailDir, 'buyer@example.test');
    expect(received.subject).toBe('お問い合わせの車両の動画');
    expect(received.text).toContain('<script>alert(1)</script>');
    expect(linkIn(received.text, '/movie/')).toMatch(/^http:\/\/console\.test\/movie\//);
    const files = (await readdir(t.mailDir)).filter((f) => f.endsWith('.eml')).sort();
    const eml = parseEml(await readFile(path.join(t.mailDir, files.at(-1) as string), 'utf8'));
    expect(eml.headers.get('cc')).toContain('boss@example.test');
    expect(eml.headers.get('reply-to')).toContain(dealer.email);
    const html = findPart(eml, 'text/html')?.body ?? '';
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');

    const history = await call(dealer, { method: 'GET', url: `/api/browser/v0/send_mail?content_id=${car}` });
    expect(history.json().items.map((m: { id: string }) => m.id)).toContain(sent.id);
  });

  it('signs with the dealer, the company and the service, a company named as the service said once', () => {
    const content = { recipients: ['b@example.test'], cc: [], subject: 's', body: 'b', link: 'http://x.test/movie/t' };
    const signed = (company_name: string) =>
      movieMail(
        { ...content, expiresAt: new Date('2026-12-01T00:00:00Z'), language: 'ja' },
        { name: '山田 太郎', email: 'd@example.test', domain_host: 'x.test', service_name: 'Spinyard', company_name },
      )
        .text.split('\n')
        .at(-1);
    expect(signed('Spinyard')).toBe('送信者：山田 太郎 / Spinyard');
    expect(signed('山田自動車')).toBe('送信者：山田 太郎 / 山田自動車 / Spinyard');
  });

  it('refuses an address twice across recipients and cc, a two-line subject, a date too far: 422, nothing sent', async () => {
    const before = await rowCount();
    const twice = await send(dealer, mail({ cc: ['BUYER@example.test'] }));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.fields).toEqual([expect.objectContaining({ field: 'cc.0', rule: 'no_duplicates' })]);
    const header = await send(dealer, mail({ subject: 'a\r\nBcc: spy@example.test' }));
    expect(header.json().error.fields[0]).toMatchObject({ field: 'subject', rule: 'format' });
    const far = new Date(Date.now() + 120 * DAY_MS).toISOString().slice(0, 10);
    const late = await send(dealer, mail({ expiry: 'date', expires_on: far }));
    expect(late.json().error.fields[0]).toMatchObject({ field: 'expires_on', rule: 'range' });
    expect(await rowCount()).toBe(before);
  });

  it('reads a chosen date as the end of that day in Japan time', async () => {
    const day = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
    const res = await send(dealer, mail({ expiry: 'date', expires_on: day }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().expires_at).toBe(new Date(`${day}T23:59:59+09:00`).toISOString());
  });

  it('refuses a vehicle without a finished promo film with 409 movie_not_ready', async () => {
    const res = await send(dealer, mail({ content_id: bare }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('movie_not_ready');
  });
});

describe('option_data', () => {
  it('refuses every call with 403 forbidden when the domain does not have it', async () => {
    const sent = (await send(dealer, mail())).json();
    const other = await t.make.signedIn({ tenant: dealer.tenant, privilege_type: 'super' });
    await t.make.update.domain(dealer.domainId, { options: { option_data: false } });
    try {
      const calls: InjectOptions[] = [
        { method: 'POST', url: '/api/browser/v0/send_mail', payload: mail() },
        { method: 'GET', url: '/api/browser/v0/send_mail' },
        { method: 'GET', url: `/api/browser/v0/send_mail/${sent.id}` },
        { method: 'POST', url: `/api/browser/v0/send_mail/${sent.id}/resend`, payload: {} },
        { method: 'DELETE', url: `/api/browser/v0/send_mail/${sent.id}` },
      ];
      for (const request of calls) {
        const res = await call(other, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(res.json().error.code).toBe('forbidden');
      }
    } finally {
      await t.make.update.domain(dealer.domainId, { options: { option_data: true } });
    }
  });
});

describe("the buyer's link", () => {
  let sent: { id: string; expires_at: string };
  let link: string;

  beforeAll(async () => {
    sent = (await send(dealer, mail({ to: ['link@example.test'], cc: [], expiry: '30' }))).json();
    link = linkIn((await lastMailTo(t.mailDir, 'link@example.test')).text, '/movie/');
  });

  it('plays the promo until the link expires, its files signed no longer than the link', async () => {
    const res = await page(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const src = sourceOf(res.body);
    expect(src).toBeDefined();
    // A phone's screen takes the 720p copy, signed as long as the main file.
    const small = sourceOf(res.body, '720');
    expect(small).toContain('promo-720.mp4');
    expect(new URL(small as string, 'http://x').searchParams.get('exp')).toBe(
      new URL(src as string, 'http://x').searchParams.get('exp'),
    );
    const media = await t.app.inject({ method: 'GET', url: src as string });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(PROMO_BYTES)).toBe(true);
    const exp = Number(new URL(src as string, 'http://x').searchParams.get('exp'));
    expect(exp * 1000).toBeLessThanOrEqual(new Date(sent.expires_at).getTime());
    const tampered = (src as string).replace(/exp=\d+/, `exp=${exp + 86_400}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('signs the files only until the link expires when it expires sooner than a signed URL would', async () => {
    const soon = new Date(Date.now() + 120_000);
    await t.db.updateTable('movie_mails').set({ expires_at: soon }).where('id', '=', sent.id).execute();
    const res = await page(link);
    const src = sourceOf(res.body) ?? '';
    expect(Number(new URL(src, 'http://x').searchParams.get('exp'))).toBe(Math.floor(soon.getTime() / 1000));
  });

  it('answers a clear page in the buyer’s language once expired, with no media in it', async () => {
    // The link's time has passed: the row as it stands the day after its expiry.
    await t.db
      .updateTable('movie_mails')
      .set({ expires_at: new Date(Date.now() - DAY_MS) })
      .where('id', '=', sent.id)
      .execute();
    const ja = await page(link, 'ja');
    expect(ja.statusCode).toBe(410);
    expect(ja.headers['content-type']).toContain('text/html');
    expect(ja.body).toContain('このリンクの有効期限が切れました');
    expect(ja.body).toContain('<meta name="viewport"');
    expect(ja.body).not.toMatch(/svnmedia|<video/);
    const en = await page(link, 'en-US,en;q=0.9');
    expect(en.body).toContain('This link has expired');
    expect((await page(`${link}x`)).statusCode).toBe(404);
  });
});

describe('resend and delete', () => {
  it('resends as a new mail with a link of its own, valid as long as the first was given; the first link stays', async () => {
    const first = (await send(dealer, mail({ to: ['again@example.test'], cc: [], expiry: '90' }))).json();
    const firstLink = linkIn((await lastMailTo(t.mailDir, 'again@example.test')).text, '/movie/');
    const res = await call(dealer, {
      method: 'POST',
      url: `/api/browser/v0/send_mail/${first.id}/resend`,
      payload: { language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = res.json();
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({
      recipients: first.recipients,
      cc: first.cc,
      body: first.body,
      subject: first.subject,
    });
    expect(new Date(again.expires_at).getTime() - new Date(again.sent_at).getTime()).toBe(90 * DAY_MS);
    const resent = await lastMailTo(t.mailDir, 'again@example.test');
    const secondLink = linkIn(resent.text, '/movie/');
    expect(resent.text).toContain('This link works until');
    expect(secondLink).not.toBe(firstLink);
    expect((await page(firstLink)).statusCode).toBe(200);

    const history = (await call(dealer, { method: 'GET', url: `/api/browser/v0/send_mail?content_id=${car}` })).json();
    expect(history.items[0].id).toBe(again.id);

    const removed = await call(dealer, { method: 'DELETE', url: `/api/browser/v0/send_mail/${again.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await page(secondLink)).statusCode).toBe(404);
    expect((await call(dealer, { method: 'GET', url: `/api/browser/v0/send_mail/${again.id}` })).statusCode).toBe(404);
    expect((await page(firstLink)).statusCode).toBe(200);
  });
});

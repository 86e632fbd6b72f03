import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail/index.ts';
import type { Mailer } from '../../src/platform/mail/mailer.ts';
import { createSmtpMailer } from '../../src/platform/mail/smtp-mailer.ts';
import { findPart, parseEml } from './eml.ts';

interface Received {
  user: string | undefined;
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: string;
}

const USER = 'mailer';
// Characters that must be percent-encoded in the URL and decoded before AUTH.
const PASSWORD = 'p@ss:w/rd%';

/** A real SMTP peer on a free port that records what it accepted. */
async function startPeer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      text(stream).then(
        (raw) => {
          received.push({
            user: typeof session.user === 'string' ? session.user : undefined,
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            raw,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function mailerFor(url: string, from = 'Spinyard <noreply@example.test>'): Promise<Mailer> {
    const mailer = createSmtpMailer(url, from);
    cleanups.push(() => mailer.close());
    return mailer;
  }

  it('delivers to the exact recipients with the subject and body, after authenticating', async () => {
    // Plain SMTP on loopback: STARTTLS is switched off so the test needs no certificate.
    const peer = await startPeer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    cleanups.push(peer.close);
    const mailer = await mailerFor(`smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${peer.port}`);

    const { messageId } = await mailer.send({
      to: ['dealer@example.test', 'Zoé <zoe@example.test>'],
      cc: ['boss@example.test'],
      subject: 'Votre véhicule est publié',
      text: 'Bonjour,\nle véhicule 360° est en ligne.',
    });

    expect(peer.received).toHaveLength(1);
    const [delivery] = peer.received;
    expect(delivery!.user).toBe(USER);
    expect(delivery!.mailFrom).toBe('noreply@example.test');
    expect(delivery!.rcptTo).toEqual(['dealer@example.test', 'zoe@example.test', 'boss@example.test']);
    const mail = parseEml(delivery!.raw);
    expect(mail.headers.get('message-id')).toBe(messageId);
    expect(mail.headers.get('subject')).toBe('Votre véhicule est publié');
    expect(mail.headers.get('to')).toBe('dealer@example.test, Zoé <zoe@example.test>');
    expect(mail.headers.get('cc')).toBe('boss@example.test');
    expect(findPart(mail, 'text/plain')?.body.replace(/\r\n$/, '')).toBe('Bonjour,\r\nle véhicule 360° est en ligne.');
  });

  it('speaks TLS from the start for smtps:// URLs', async () => {
    // smtp-server's bundled self-signed certificate; the query option is nodemailer's own URL syntax.
    const peer = await startPeer({ secure: true });
    cleanups.push(peer.close);
    const mailer = await mailerFor(
      `smtps://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${peer.port}?tls.rejectUnauthorized=false`,
    );
    await mailer.send({ to: 'dealer@example.test', subject: 'over TLS', text: 'secret' });
    expect(peer.received.map((delivery) => delivery.rcptTo)).toEqual([['dealer@example.test']]);
  });

  it('fails the send when the server refuses the credentials', async () => {
    const peer = await startPeer({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    cleanups.push(peer.close);
    const mailer = await mailerFor(`smtp://${USER}:wrong@127.0.0.1:${peer.port}`);
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(/Invalid login|535/);
    expect(peer.received).toEqual([]);
  });

  it('is what createMailer gives with an SMTP URL', async () => {
    const peer = await startPeer({ disabledCommands: ['STARTTLS'], authOptional: true });
    cleanups.push(peer.close);
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${peer.port}`, mailFrom: 'noreply@example.test', outboxDir: '/nonexistent' },
      () => undefined,
    );
    cleanups.push(() => mailer.close());
    await mailer.send({ to: 'a@example.test', subject: 's', text: 't' });
    expect(peer.received).toHaveLength(1);
  });

  it.each(['http://mail.example.test', 'mail.example.test:25', ''])('refuses the URL %j', (url) => {
    expect(() => createSmtpMailer(url, 'noreply@example.test')).toThrow(/SMTP_URL/);
  });
});

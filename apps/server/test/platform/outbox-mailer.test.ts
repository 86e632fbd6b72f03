import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail/index.ts';
import { createOutboxMailer } from '../../src/platform/mail/outbox-mailer.ts';
import { useTempDir } from '../helpers/temp-dir.ts';
import { findPart, parseEml } from './eml.ts';

describe('outbox mailer', () => {
  const tmp = useTempDir('spinyard-outbox-', 'each');

  it('saves a complete RFC 5322 message that reads back to what was sent', async () => {
    const logged: [string, Record<string, unknown>][] = [];
    const mailer = createOutboxMailer(
      path.join(tmp.path, 'mail'),
      (msg, fields) => logged.push([msg, fields]),
      'Spinyard <noreply@example.test>',
    );
    const text = 'Bonjour,\nvotre véhicule 車両 est prêt.\n'.repeat(4);
    const { messageId } = await mailer.send({
      to: ['dealer@example.test', 'Zoé Martin <zoe@example.test>'],
      cc: ['boss@example.test'],
      subject: 'Réservation confirmée: 360° 車両',
      text,
      html: '<p>Bonjour</p>',
    });
    await mailer.close();

    const files = await readdir(path.join(tmp.path, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{6}\.eml$/);
    const raw = await readFile(path.join(tmp.path, 'mail', files[0]!), 'utf8');
    // Every line ends in CRLF, and no header line is longer than RFC 5322's limit.
    expect(raw.split('\r\n').every((line) => !line.includes('\n') && line.length <= 998)).toBe(true);

    const mail = parseEml(raw);
    expect(mail.headers.get('from')).toBe('Spinyard <noreply@example.test>');
    expect(mail.headers.get('to')).toBe('dealer@example.test, Zoé Martin <zoe@example.test>');
    expect(mail.headers.get('cc')).toBe('boss@example.test');
    expect(mail.headers.get('subject')).toBe('Réservation confirmée: 360° 車両');
    expect(mail.headers.get('message-id')).toBe(messageId);
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(Number.isNaN(Date.parse(mail.headers.get('date') ?? ''))).toBe(false);
    expect(findPart(mail, 'text/plain')?.body).toBe(text.replace(/\n/g, '\r\n'));
    expect(findPart(mail, 'text/html')?.body).toBe('<p>Bonjour</p>');

    expect(logged).toEqual([
      [
        'Mail saved to outbox',
        expect.objectContaining({
          subject: 'Réservation confirmée: 360° 車両',
          to: ['dealer@example.test', 'Zoé Martin <zoe@example.test>', 'boss@example.test'],
        }),
      ],
    ]);
  });

  it('names files so that sorting them gives the order they were sent in', async () => {
    const mailer = createOutboxMailer(tmp.path, () => undefined);
    for (let i = 0; i < 5; i++) await mailer.send({ to: 'a@example.test', subject: `mail ${i}`, text: 'x' });
    const files = (await readdir(tmp.path)).sort();
    const subjects = await Promise.all(
      files.map(async (file) => parseEml(await readFile(path.join(tmp.path, file), 'utf8')).headers.get('subject')),
    );
    expect(subjects).toEqual(['mail 0', 'mail 1', 'mail 2', 'mail 3', 'mail 4']);
  });

  it('is what createMailer gives without an SMTP URL', async () => {
    const mailer = createMailer({ mailFrom: 'Spinyard <noreply@example.test>', outboxDir: tmp.path }, () => undefined);
    await mailer.send({ to: 'a@example.test', subject: 'hello', text: 'x' });
    expect(await readdir(tmp.path)).toHaveLength(1);
  });

  it('writes messages only its own user can read, also into a folder an older version left open', async () => {
    const open = path.join(tmp.path, 'open');
    // What the outbox was before issue 18: a folder and files any user of the machine could read.
    await mkdir(open, { mode: 0o755 });
    const mailer = createOutboxMailer(open, () => undefined);
    await mailer.send({ to: 'a@example.test', subject: 'reset', text: 'https://example.test/reset/secret' });
    const fresh = createOutboxMailer(path.join(tmp.path, 'new', 'mail'), () => undefined);
    await fresh.send({ to: 'a@example.test', subject: 'reset', text: 'x' });
    for (const dir of [open, path.join(tmp.path, 'new', 'mail')]) {
      expect((await stat(dir)).mode & 0o777, dir).toBe(0o700);
      const [file] = await readdir(dir);
      expect((await stat(path.join(dir, file!))).mode & 0o777, file).toBe(0o600);
    }
  });
});

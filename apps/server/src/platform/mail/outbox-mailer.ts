import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { PRIVATE_FILE_MODE, privateDir } from '../private-files.ts';
import { DEFAULT_MAIL_FROM, type Mailer, type MailLog, recipientsOf } from './mailer.ts';

let sequence = 0;

function crlf(value: string): string {
  return value.replace(/\r?\n/g, '\r\n');
}

/** `20250102T030405123Z-000001-ab12cd.eml`: sorts by time, then by send order within one process. */
function outboxFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

/**
 * The default mailer: nothing leaves the machine. Each message is composed by nodemailer exactly as SMTP would
 * carry it and saved as an `.eml` file that any mail client opens, so the outbox shows what users would get.
 */
export function createOutboxMailer(dir: string, log: MailLog, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        ...mail,
        // SMTP normalises line breaks on the wire; a file must have CRLF throughout to be the same message.
        text: crlf(mail.text),
        ...(mail.html === undefined ? {} : { html: crlf(mail.html) }),
      });
      if (!Buffer.isBuffer(info.message)) throw new Error('The outbox transport did not return a buffer');
      await privateDir(dir);
      const file = path.join(dir, outboxFileName(new Date()));
      // Renamed into place so a reader of the outbox never sees half a message.
      const temp = path.join(dir, `.${path.basename(file)}.tmp`);
      // Owner-only: a message may carry a live sign-in link (password reset, activation, e-mail change).
      await writeFile(temp, info.message, { mode: PRIVATE_FILE_MODE });
      await rename(temp, file);
      log('Mail saved to outbox', { file, subject: mail.subject, to: recipientsOf(mail), messageId: info.messageId });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

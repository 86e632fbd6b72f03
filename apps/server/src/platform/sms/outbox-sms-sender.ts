import { appendFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from '../private-files.ts';
import { maskPhone, type SmsLog, type SmsSender } from './sms-sender.ts';

/**
 * The default backend: nothing leaves the machine. Each message is appended as one JSON line to
 * `<dir>/outbox.jsonl` (`{ at, to, text }`), which a developer or a test reads back; the log line names the
 * masked number but not the text, because the text is often a sign-in code.
 */
export function createOutboxSmsSender(dir: string, log: SmsLog): SmsSender {
  const file = path.join(dir, 'outbox.jsonl');
  return {
    async send(to, text) {
      await privateDir(dir);
      // One write per line: appends of a single small buffer do not interleave between concurrent sends.
      await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), to, text })}\n`, {
        mode: PRIVATE_FILE_MODE,
      });
      // The mode of appendFile applies only when it creates the file: one an older version left readable is
      // narrowed too (the texts are sign-in codes).
      await chmod(file, PRIVATE_FILE_MODE);
      log('SMS saved to outbox', { file, to: maskPhone(to), length: text.length });
    },
  };
}

import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
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
      await mkdir(dir, { recursive: true });
      // One write per line: appends of a single small buffer do not interleave between concurrent sends.
      await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), to, text })}\n`, { mode: 0o600 });
      log('SMS saved to outbox', { file, to: maskPhone(to), length: text.length });
    },
  };
}

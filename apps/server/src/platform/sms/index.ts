import { createHttpSmsSender } from './http-sms-sender.ts';
import { createOutboxSmsSender } from './outbox-sms-sender.ts';
import type { SmsLog, SmsSender } from './sms-sender.ts';

export { createHttpSmsSender } from './http-sms-sender.ts';
export { createOutboxSmsSender } from './outbox-sms-sender.ts';
export { maskPhone, SmsError, type SmsLog, type SmsSender } from './sms-sender.ts';

export interface SmsConfig {
  /** Unset: messages go to the outbox file instead of a provider. */
  smsUrl?: string | undefined;
  smsApiKey?: string | undefined;
  outboxDir: string;
}

export function createSmsSender(config: SmsConfig, log: SmsLog): SmsSender {
  if (config.smsUrl) return createHttpSmsSender({ url: config.smsUrl, apiKey: config.smsApiKey ?? '' });
  return createOutboxSmsSender(config.outboxDir, log);
}

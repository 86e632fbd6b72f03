import { SmsError, type SmsSender } from './sms-sender.ts';

const DEFAULT_TIMEOUT_MS = 10_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An SMS provider over HTTP: `POST <url>` with `Authorization: Bearer <apiKey>` and the JSON body
 * `{ "to": "+81...", "text": "..." }`. Any 2xx means accepted; 4xx is a refusal that retrying will not fix
 * (bad number, bad key); 5xx, 429, timeouts and network errors are worth retrying.
 */
export function createHttpSmsSender(options: { url: string; apiKey: string; timeoutMs?: number }): SmsSender {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new Error('SMS_URL is not a valid URL');
  }
  // The API key travels in a header: plain HTTP is only acceptable when it never leaves the machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new Error('SMS_URL must use https:// (plain http:// only to localhost)');
  }
  if (!options.apiKey) throw new Error('SMS_API_KEY is required with SMS_URL');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new SmsError('The SMS provider could not be reached', { retryable: true, cause: error });
      }
      // The body is read (and dropped) so the connection can be reused; providers put the reason in it, which
      // may echo the number, so it stays out of the error message.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
      throw new SmsError(`The SMS provider answered ${response.status}`, { retryable, status: response.status });
    },
  };
}

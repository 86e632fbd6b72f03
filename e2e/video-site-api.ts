import type { ApiSession } from './contents-api.ts';

/**
 * Connects a user's channel on the server's local video site (the default: no network) as the console does, through
 * the calls alone: the consent address, the consent page's "allow" (its form, answered with a redirect to the
 * console's callback carrying the code), then the callback call with the code and the state.
 */
export async function connectLocalChannel(baseUrl: string, session: ApiSession, channel: string): Promise<void> {
  const auth = { authorization: `Bearer ${session.content}` };
  const asked = await fetch(`${baseUrl}/api/browser/v0/youtube/authorize`, { headers: auth });
  const consent = new URL(((await asked.json()) as { url: string }).url, baseUrl);
  const allowed = await fetch(new URL(consent.pathname, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: consent.searchParams.get('redirect_uri') ?? '',
      state: consent.searchParams.get('state') ?? '',
      channel,
      answer: 'allow',
    }),
  });
  const back = new URL(allowed.headers.get('location') ?? '', baseUrl);
  const done = await fetch(`${baseUrl}/api/browser/v0/youtube/callback`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (done.status !== 200) throw new Error(`video-site channel: ${done.status} ${await done.text()}`);
}

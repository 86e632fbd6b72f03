/** A user's tokens through the token call, as the console asks for them: the benches' one way to sign in. */
export async function benchTokens(
  base: string,
  username: string,
  password: string,
): Promise<{ access: string; content: string }> {
  const response = await fetch(`${base}/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      scope: '',
      device: 'bench',
      application: 'console',
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: string; 'content-token'?: string };
  if (!response.ok || !answer.access_token || !answer['content-token']) {
    throw new Error(`sign-in of ${username} answered ${response.status}`);
  }
  return { access: answer.access_token, content: answer['content-token'] };
}

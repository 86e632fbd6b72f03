/**
 * Where links in account mails point. The console that asked (the request's Origin) is the natural base, but an
 * Origin header is only a claim: anyone can send a reset request for someone else's address with
 * `Origin: https://evil.example` and have the victim mailed a link that hands the token to that host ("password
 * reset poisoning"). So an Origin is used only when its host is one the account may use: the user's own domain
 * (white-label host) or the product's public URL. Anything else falls back to the public URL, then to the user's
 * domain over https.
 */
export function linkOrigin(options: {
  requestOrigin: string | undefined;
  userDomainHost: string;
  publicUrl: string | undefined;
}): string {
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  const allowed = new Set([options.userDomainHost.toLowerCase()]);
  if (publicBase) allowed.add(hostnameOf(publicBase) ?? '');
  const origin = parseHttpOrigin(options.requestOrigin);
  if (origin && allowed.has(origin.hostname)) return origin.origin;
  return publicBase ?? `https://${options.userDomainHost.toLowerCase()}`;
}

function parseHttpOrigin(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function hostnameOf(value: string): string | undefined {
  return parseHttpOrigin(value)?.hostname;
}

/**
 * `ta***@example.com`: enough for the owner to recognise the address on the reset screen, not enough to learn an
 * address from a leaked link.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

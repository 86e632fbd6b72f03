const DAY_SECONDS = 24 * 60 * 60;

/** Value of a cookie in a `document.cookie` string, or undefined. Pure so it can be tested without a DOM. */
export function parseCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A cookie written by something else with a stray '%': use it as it is rather than fail.
      return raw;
    }
  }
  return undefined;
}

export function readCookie(name: string): string | undefined {
  return parseCookie(document.cookie, name);
}

/** Writes a site-wide cookie that lasts `days`; Lax is enough because only this console reads it. */
export function writeCookie(name: string, value: string, days: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which dealers use.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * DAY_SECONDS)}; Path=/; SameSite=Lax${secure}`;
}

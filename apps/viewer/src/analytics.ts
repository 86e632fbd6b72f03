/**
 * The dealer's analytics tag (manifest.analytics_tag): only an id of the known forms becomes a script URL on
 * Google's tag host, built here; the manifest never carries script. The server's CSP allows that host only when the
 * same check passes (apps/server/src/modules/viewer-page/html.ts).
 */
export const ANALYTICS_TAG_PATTERN = /^(G|GT|AW|UA|DC)-[A-Z0-9-]{4,20}$/;

type Gtag = (...args: unknown[]) => void;

export function loadAnalytics(tag: string | null, doc: Document = document): boolean {
  if (tag === null || !ANALYTICS_TAG_PATTERN.test(tag)) return false;
  const w = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag };
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads Arguments objects from the data layer, not arrays.
  w.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object itself
    w.dataLayer?.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', tag, { anonymize_ip: true });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tag)}`;
  doc.head.appendChild(script);
  return true;
}

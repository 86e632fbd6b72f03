import { createHash } from 'node:crypto';
import { ANALYTICS_TAG_PATTERN } from './html.ts';

/**
 * The dealer's analytics tag, sandboxed (docs/decisions.md, "The analytics tag runs sandboxed"). The viewer page is
 * served on the console's origin, where the console keeps its tokens in localStorage; a third-party script on that
 * origin could read them. So the tag never runs in the viewer page: the page holds a hidden frame of this document,
 * whose own CSP carries `sandbox allow-scripts` (no `allow-same-origin`): however it is loaded, even opened on its
 * own, the browser gives it an opaque origin, with no storage, no cookies and no access to the page that holds it.
 * The viewer tells it the page and the buyer's actions by postMessage; it passes them to gtag.
 */

/** Where the frame is served (the viewer's analytics.ts names the same path). */
export const TAG_FRAME_PATH = '/viewer/tag-frame';

/** Google's tag hosts: the frame's CSP admits them, and no other document of this origin does. */
const TAG_HOSTS = 'https://www.googletagmanager.com';
const COLLECT_HOSTS = 'https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com';

/**
 * The frame's one script, inline so its CSP can name it by hash (a file would be a request, and 'self' means
 * nothing to an opaque origin). The tag id comes from the address and is checked again here. The consent is
 * "denied" from the start: in an opaque origin gtag can keep nothing, so it sends cookieless pings, which is also
 * what a buyer who never agreed to cookies is owed. Only the parent may speak to it, in two shapes: the page
 * (once) and an event name.
 */
const SCRIPT = `(function () {
  var id = new URLSearchParams(location.search).get('id') || '';
  if (!${ANALYTICS_TAG_PATTERN.toString()}.test(id)) return;
  var w = window;
  w.dataLayer = w.dataLayer || [];
  function gtag() { w.dataLayer.push(arguments); }
  var started = false;
  addEventListener('message', function (e) {
    var d = e.data;
    if (e.source !== parent || !d || d.spinyard !== 'tag') return;
    if (d.kind === 'page' && !started) {
      started = true;
      gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
      gtag('js', new Date());
      gtag('config', id, { anonymize_ip: true, page_location: String(d.location).slice(0, 500), page_title: String(d.title).slice(0, 300) });
      var s = document.createElement('script');
      s.async = true;
      s.src = 'https://www.googletagmanager.com/gtag/js?id=' + encodeURIComponent(id);
      document.head.appendChild(s);
    } else if (d.kind === 'event' && started && /^[a-z_]{1,40}$/.test(String(d.name))) {
      gtag('event', String(d.name));
    }
  });
  parent.postMessage({ spinyard: 'tag-ready' }, '*');
})();`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

export const TAG_FRAME_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tag</title></head><body><script>${SCRIPT}</script></body></html>`;

/**
 * The frame's CSP: the sandbox first (an opaque origin whatever embeds or opens it; scripts only, so no popups, no
 * forms, no top navigation), then the frame's own script by hash and Google's hosts. Any page may hold it: the
 * viewer it sits in is itself framed by dealers' sites, and frame-ancestors checks every ancestor.
 */
export const TAG_FRAME_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  `script-src 'sha256-${SCRIPT_HASH}' ${TAG_HOSTS}`,
  `img-src ${COLLECT_HOSTS}`,
  `connect-src ${COLLECT_HOSTS}`,
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

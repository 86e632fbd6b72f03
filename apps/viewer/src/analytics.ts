/**
 * The dealer's analytics tag (manifest.analytics_tag), never run in this page: the page is served on the console's
 * origin, whose tokens a third-party script could read. Only an id of the known forms is used, to open the
 * server's tag frame (apps/server/src/modules/viewer-page/tag-frame.ts): a hidden, sandboxed frame (scripts only,
 * an opaque origin, so no storage, no cookies, no reach into this page) that loads Google's tag. This page tells
 * it the page (once) and the buyer's actions by postMessage; the page's CSP admits that frame and no tag host.
 */
export const ANALYTICS_TAG_PATTERN = /^(G|GT|AW|UA|DC)-[A-Z0-9-]{4,20}$/;

/** The tag frame's path (the server's TAG_FRAME_PATH). */
export const TAG_FRAME_PATH = '/viewer/tag-frame';

type TagMessage =
  | { spinyard: 'tag'; kind: 'page'; location: string; title: string }
  | { spinyard: 'tag'; kind: 'event'; name: string };

export interface AnalyticsTag {
  /** An action of the buyer, sent as a gtag event of that name. */
  event(name: string): void;
  /** Removes the frame (the page's tag is gone with it). */
  remove(): void;
}

export function loadAnalytics(tag: string | null, doc: Document = document): AnalyticsTag | null {
  if (tag === null || !ANALYTICS_TAG_PATTERN.test(tag)) return null;
  const win = doc.defaultView ?? window;
  const frame = doc.createElement('iframe');
  // Scripts only: without allow-same-origin the frame's origin is opaque (the server's CSP says the same).
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.title = 'analytics';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = `${TAG_FRAME_PATH}?id=${encodeURIComponent(tag)}`;
  // The address without its query: a limited publication's token never reaches the tag.
  const queue: TagMessage[] = [
    { spinyard: 'tag', kind: 'page', location: `${win.location.origin}${win.location.pathname}`, title: doc.title },
  ];
  let ready = false;
  const flush = () => {
    // An opaque origin cannot be named as the target: '*' is the only one, and nothing here is secret.
    for (const message of queue.splice(0)) frame.contentWindow?.postMessage(message, '*');
  };
  const onMessage = (e: MessageEvent) => {
    if (e.source !== frame.contentWindow || (e.data as { spinyard?: string } | null)?.spinyard !== 'tag-ready') return;
    ready = true;
    flush();
  };
  win.addEventListener('message', onMessage);
  doc.body.appendChild(frame);
  return {
    event(name) {
      queue.push({ spinyard: 'tag', kind: 'event', name });
      if (ready) flush();
    },
    remove() {
      win.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}

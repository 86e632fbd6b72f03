import {
  type ErrorCode,
  type Locale,
  type PublishedManifest,
  type SpinStart,
  shortIdSchema,
  spinStart,
} from '@spinyard/domain';
import type { StoredDesign } from '../../db/schema-design.ts';
import { AppError } from '../../errors.ts';
import { recentlyUsed } from '../../platform/recently-used.ts';
import type { ViewerService } from '../publishing/viewer-service.ts';
import { designStyle, manifestWithDesign, type ViewerDesign } from './design.ts';
import {
  ANALYTICS_TAG_PATTERN,
  type FirstFrame,
  gateForm,
  plainHtml,
  type ViewerTemplate,
  viewerCsp,
  viewerHtml,
} from './html.ts';
import { PAGE_WORDS, type PageWords } from './messages.ts';
import { shareCard, shareTags, vehicleName } from './share.ts';

/** What the route sends: a status, the page and the headers that go with it. */
export interface ViewerPage {
  status: number;
  html: string;
  csp: string;
  retryAfterSeconds?: number | undefined;
  /** A refusal's catalogue code: the answer's error shape when the caller asked for JSON. */
  code?: ErrorCode | undefined;
}

// The spin's start moved to the domain package (the call's shared view opens on it too); kept importable here.
export { type SpinStart, spinStart };

/** The page data the viewer script reads from `#spinyard-page` (apps/viewer/src/page-data.ts). */
export interface ViewerPageData {
  manifest: PublishedManifest;
  start: SpinStart | null;
}

export interface PageRequest {
  lang: Locale;
  embed: boolean;
  /** The request's Host: a tenant's host shows only its own vehicles (publishing/viewer-host.ts). */
  host: string | undefined;
  /** The page's own origin (scheme and host as the buyer asked), for the absolute URLs of a shared link's card. */
  origin: string;
}

function firstFrame(manifest: PublishedManifest, start: SpinStart | null, words: PageWords): FirstFrame | null {
  if (!start) return null;
  const image = manifest.exterior?.rows[start.row]?.frames[start.frame]?.image;
  const display = image?.renditions.display ?? image?.renditions.zoom ?? image?.renditions.thumbnail;
  if (!image || !display) return null;
  return {
    jpeg: display.jpeg,
    webp: display.webp,
    width: display.width,
    height: display.height,
    alt: words.first_frame_alt,
  };
}

/** The page's title: the vehicle's maker and name when the dealer shows them, else the viewer's own. */
function titleOf(manifest: PublishedManifest, words: PageWords): string {
  const name = vehicleName(manifest);
  return name === null ? words.title : `${name} | ${words.title}`;
}

const UNAVAILABLE: Partial<Record<string, (w: PageWords) => [string, string]>> = {
  content_not_published: (w) => [w.unpublished_heading, w.unpublished_text],
  content_sleeping: (w) => [w.sleeping_heading, w.sleeping_text],
  content_deleted: (w) => [w.deleted_heading, w.deleted_text],
};

/**
 * The viewer's page for a short id: the viewer with its manifest, the password gate of a limited publication, or
 * a page that says why there is nothing to see (never any media). The password goes through the publishing area's
 * own check (its throttle included); this area only decides which page answers.
 */
export function viewerPageService({
  viewer,
  template,
  design,
}: {
  viewer: ViewerService;
  template: () => ViewerTemplate | undefined;
  /**
   * What a domain's stored design (read with the publication for every page, so a saved design shows at the next
   * load) looks like worn (modules/design).
   */
  design: (stored: StoredDesign | null) => ViewerDesign;
}) {
  const plainCsp = viewerCsp({ analytics: false });

  function plain(status: number, req: PageRequest, heading: string, text: string, content?: string): ViewerPage {
    const words = PAGE_WORDS[req.lang];
    const html = plainHtml(template(), { lang: req.lang, title: words.title, heading, text, content });
    return { status, html, csp: plainCsp };
  }

  function gate(status: number, req: PageRequest, error?: string, retryAfterSeconds?: number): ViewerPage {
    const w = PAGE_WORDS[req.lang];
    const form = gateForm({ label: w.gate_label, submit: w.gate_submit, error });
    return { ...plain(status, req, w.gate_heading, w.gate_text, form), retryAfterSeconds };
  }

  function refused(error: unknown, req: PageRequest): ViewerPage {
    if (!(error instanceof AppError)) throw error;
    const w = PAGE_WORDS[req.lang];
    if (error.code === 'viewer_password_required') return gate(401, req);
    if (error.code === 'viewer_password_wrong') return gate(401, req, w.gate_wrong);
    if (error.code === 'too_many_attempts') return gate(429, req, w.gate_too_many, error.retryAfterSeconds);
    const words = UNAVAILABLE[error.code]?.(w) ?? [w.not_found_heading, w.not_found_text];
    return { ...plain(error.status, req, words[0], words[1]), code: error.code };
  }

  // Pages by all they are made of (the published manifest by its hash, the design worn, language, frame, origin):
  // the same page for every buyer until one of these changes, so many buyers at once cost one render.
  const rendered = recentlyUsed<string, ViewerPage>(64);
  // The design worn and its text (for the key), by the stored design: the same object while its row is kept.
  const defaultWorn = (() => {
    const worn = design(null);
    return { worn, text: JSON.stringify(worn) };
  })();
  const worns = new WeakMap<StoredDesign, { worn: ViewerDesign; text: string }>();
  const wornOf = (stored: StoredDesign | null) => {
    if (stored === null) return defaultWorn;
    const known = worns.get(stored);
    if (known) return known;
    const worn = design(stored);
    const answer = { worn, text: JSON.stringify(worn) };
    worns.set(stored, answer);
    return answer;
  };

  async function viewerPage(
    { json, sha256, design: stored }: { json: string; sha256: string; design: StoredDesign | null },
    req: PageRequest,
  ): Promise<ViewerPage> {
    const built = template();
    if (!built) return plain(503, req, PAGE_WORDS[req.lang].not_built, '');
    const { worn, text } = wornOf(stored);
    const key = `${sha256}\n${req.lang}\n${req.embed}\n${req.origin}\n${text}`;
    const known = sha256 === '' ? undefined : rendered.get(key);
    if (known) return known;
    const manifest = manifestWithDesign(JSON.parse(json) as PublishedManifest, worn);
    const words = PAGE_WORDS[req.lang];
    const start = spinStart(manifest);
    const analytics = manifest.analytics_tag !== null && ANALYTICS_TAG_PATTERN.test(manifest.analytics_tag);
    const data: ViewerPageData = { manifest, start };
    const html = viewerHtml(built, {
      lang: req.lang,
      title: titleOf(manifest, words),
      data,
      first: firstFrame(manifest, start, words),
      embed: req.embed,
      style: designStyle(worn.colours),
      share: shareTags(shareCard(manifest, start, { origin: req.origin, lang: req.lang, words })),
    });
    const answer = { status: 200, html, csp: viewerCsp({ analytics }) };
    return sha256 === '' ? answer : rendered.set(key, answer);
  }

  /** `GET /v/{short_id}`: a limited publication shows its gate unless a valid token came with the address. */
  async function page(shortId: string, token: string | undefined, req: PageRequest): Promise<ViewerPage> {
    if (!shortIdSchema.safeParse(shortId).success) return refused(new AppError('not_found'), req);
    try {
      return await viewerPage(await viewer.manifest(shortId, token, req.host), req);
    } catch (error) {
      return refused(error, req);
    }
  }

  /** `POST /v/{short_id}` (the gate's form): the password checked by the publishing area, then the viewer. */
  async function unlock(shortId: string, password: string, ip: string, req: PageRequest): Promise<ViewerPage> {
    // An empty field (past the browser's `required`) shows the form again without counting a failure.
    if (password === '' || !shortIdSchema.safeParse(shortId).success) return page(shortId, undefined, req);
    try {
      const { token } = await viewer.access(shortId, password, ip, req.host);
      return await viewerPage(await viewer.manifest(shortId, token, req.host), req);
    } catch (error) {
      return refused(error, req);
    }
  }

  return { page, unlock };
}
export type ViewerPageService = ReturnType<typeof viewerPageService>;

import type { Locale, PublishedManifest } from '@spinyard/domain';
import { escapeHtml } from '../../platform/escape-html.ts';
import type { PageWords } from './messages.ts';

/**
 * What a shared link shows (Open Graph and Twitter cards), written by the server: the apps that make a link's card
 * run no script. Only what the buyer's page shows goes in: the vehicle's name and facts when the dealer chose to
 * show them, its first spin frame (or first category image). Never the gate or an unavailable page.
 */

export interface ShareCard {
  title: string;
  description: string;
  /** The canonical address: the short URL, without the embed switch or a limited publication's token. */
  url: string;
  siteName: string | null;
  locale: Locale;
  image: { url: string; width: number; height: number; alt: string } | null;
}

type Rendition = { jpeg: string; width: number; height: number };

const OG_LOCALES: Readonly<Record<Locale, string>> = { ja: 'ja_JP', en: 'en_US', fr: 'fr_FR', pt: 'pt_BR' };

const shownValue = (manifest: PublishedManifest, key: string): string | number | null => {
  const value = manifest.basic_info.find((b) => b.key === key)?.value ?? null;
  return typeof value === 'string' && value.trim() === '' ? null : value;
};

/** The vehicle's name as the page shows it (maker and car name the dealer chose to show), or null. */
export function vehicleName(manifest: PublishedManifest): string | null {
  const parts = ['maker', 'car_name'].map((k) => shownValue(manifest, k)).filter((v) => v !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The facts a card line holds, in the page's language: first registration, mileage, price, store. */
function facts(manifest: PublishedManifest, lang: Locale): string[] {
  const number = new Intl.NumberFormat(lang);
  const year = shownValue(manifest, 'first_registration_year');
  const mileage = shownValue(manifest, 'mileage');
  const price = shownValue(manifest, 'total_price_with_tax') ?? shownValue(manifest, 'price_with_tax');
  const store = shownValue(manifest, 'store');
  return [
    year === null ? null : String(year),
    typeof mileage === 'number' ? `${number.format(mileage)} km` : null,
    typeof price === 'number'
      ? new Intl.NumberFormat(lang, { style: 'currency', currency: 'JPY' }).format(price)
      : null,
    store === null ? null : String(store),
  ].filter((v): v is string => v !== null);
}

/** The card's picture: the frame the spin opens on, else the first category image; JPEG (every crawler reads it). */
function cardImage(manifest: PublishedManifest, start: { row: number; frame: number } | null): Rendition | null {
  const frame = start ? manifest.exterior?.rows[start.row]?.frames[start.frame]?.image : undefined;
  const category = manifest.category_images[0]?.image;
  for (const image of [frame, category]) {
    const r = image?.renditions.display ?? image?.renditions.zoom ?? image?.renditions.thumbnail;
    if (r) return r;
  }
  return null;
}

const absolute = (url: string, origin: string): string | null => {
  try {
    const u = new URL(url, origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
};

export function shareCard(
  manifest: PublishedManifest,
  start: { row: number; frame: number } | null,
  page: { origin: string; lang: Locale; words: PageWords },
): ShareCard {
  const { words, lang, origin } = page;
  const name = vehicleName(manifest);
  const what = (manifest.interior?.scenes.length ?? 0) > 0 ? words.share_with_interior : words.share_exterior;
  const picture = cardImage(manifest, start);
  const imageUrl = picture ? absolute(picture.jpeg, origin) : null;
  const store = shownValue(manifest, 'store');
  return {
    title: name ?? words.title,
    description: [...facts(manifest, lang), what].join(' · '),
    url: `${origin}/v/${manifest.short_id}`,
    siteName: store === null ? null : String(store),
    locale: lang,
    image:
      picture && imageUrl
        ? { url: imageUrl, width: picture.width, height: picture.height, alt: name ?? words.first_frame_alt }
        : null,
  };
}

/** The card as head elements; every value escaped. */
export function shareTags(card: ShareCard): string {
  const meta = (attr: 'property' | 'name', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}">`;
  const tags = [
    meta('name', 'description', card.description),
    `<link rel="canonical" href="${escapeHtml(card.url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:locale', OG_LOCALES[card.locale]),
    ...(card.siteName ? [meta('property', 'og:site_name', card.siteName)] : []),
    meta('name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
  ];
  if (card.image) {
    tags.push(
      meta('property', 'og:image', card.image.url),
      meta('property', 'og:image:type', 'image/jpeg'),
      meta('property', 'og:image:width', card.image.width),
      meta('property', 'og:image:height', card.image.height),
      meta('property', 'og:image:alt', card.image.alt),
      meta('name', 'twitter:image', card.image.url),
      meta('name', 'twitter:image:alt', card.image.alt),
    );
  }
  return tags.join('');
}

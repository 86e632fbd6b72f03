import {
  COMPANY_LOGO_RULE,
  checkCompanyLogo,
  checkDomainLogo,
  checkRoundLogo,
  checkSplashImage,
  DOMAIN_LOGO_RULE,
  type FieldError,
  type ImageFacts,
  type ImageRule,
  ROUND_LOGO_RULE,
  SPLASH_IMAGE_RULE,
} from '@spinyard/domain';

/**
 * Pictures the tenancy screens upload, checked in the browser with the domain package's rules before the upload
 * (the server checks them again by content). The type is read from the file's first bytes, as the server does,
 * so a renamed file is refused here too; the pixel size is the decoded image's natural size.
 */

export type PictureKind = 'domain_logo' | 'splash' | 'round_logo' | 'company_logo';

export const PICTURE_RULES: Readonly<Record<PictureKind, ImageRule>> = {
  domain_logo: DOMAIN_LOGO_RULE,
  splash: SPLASH_IMAGE_RULE,
  round_logo: ROUND_LOGO_RULE,
  company_logo: COMPANY_LOGO_RULE,
};

/** The `accept` attribute of the file input: only what the rule allows. */
export function acceptOf(kind: PictureKind): string {
  return PICTURE_RULES[kind].mimes.join(',');
}

/** The picture's type from its first bytes (magic numbers); '' when it is not a picture we know. */
export function sniffImageMime(bytes: Uint8Array): string {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42) {
    return 'image/webp';
  }
  if (starts(0x42, 0x4d)) return 'image/bmp';
  return '';
}

/**
 * Errors of a picture against its rule, field `image` as the server names it. When the type is wrong nothing
 * else is worth saying (the size of something that is not an accepted picture means nothing).
 */
export function checkPicture(kind: PictureKind, facts: ImageFacts): FieldError[] {
  const dims = { mime: facts.mime, bytes: facts.bytes, width: facts.width ?? 0, height: facts.height ?? 0 };
  let errors: FieldError[];
  switch (kind) {
    case 'domain_logo':
      errors = checkDomainLogo(dims, 'image');
      break;
    case 'splash':
      errors = checkSplashImage(dims, 'image');
      break;
    case 'round_logo':
      errors = checkRoundLogo(dims, 'image');
      break;
    case 'company_logo':
      errors = checkCompanyLogo({ mime: facts.mime, bytes: facts.bytes }, 'image');
      break;
  }
  const format = errors.filter((e) => e.rule === 'format');
  return format.length > 0 ? format : errors;
}

/** "2 MB", "320 KB": sizes in binary units, as the rules count them. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 || Number.isInteger(value) ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** The formats of a rule as people say them: "PNG", "PNG, GIF, JPEG". */
export function formatNames(rule: ImageRule): string {
  return rule.mimes.map((m) => (m === 'image/jpeg' ? 'JPEG' : m.replace('image/', '').toUpperCase())).join(', ');
}

export interface ReadPicture {
  facts: ImageFacts;
  /** The file as a data: URL, ready to upload and to preview. */
  dataUrl: string;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

function naturalSize(url: string): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

/** Reads a chosen file: its detected type, byte size, pixel size (when it decodes) and data URL. */
export async function readPicture(file: File): Promise<ReadPicture> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const mime = sniffImageMime(head);
  const dataUrl = await readAsDataUrl(file);
  const size = mime ? await naturalSize(dataUrl) : undefined;
  return { facts: { mime: mime || 'application/octet-stream', bytes: file.size, ...size }, dataUrl };
}

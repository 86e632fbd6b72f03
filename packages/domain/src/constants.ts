/**
 * Business constants and limits: section 9 of the second document, one named constant each, plus the few
 * bounds of section 5 that section 9 only summarises. Both the server (enforcement) and the console (forms,
 * hints) read them from here so the two never drift apart.
 */

const KB = 1024;
const MB = 1024 * KB;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_SECONDS = 24 * 60 * 60;

// ---- Billing ---------------------------------------------------------------------------------------------

/** Consumption tax applied to plan amounts. */
export const TAX_RATE = 0.1;
/** Plans renew automatically every month. */
export const AUTO_RENEWAL_INTERVAL = 'month';
/** Late-payment interest, per year (14.6%). */
export const LATE_FEE_ANNUAL_RATE = 0.146;
/** A cancellation takes effect at the end of the term, one month ahead; service continues until then. */
export const CANCELLATION_NOTICE_MONTHS = 1;
/** A renewal is refused when fewer than this many days remain before expiry. */
export const RENEWAL_REFUSED_WITHIN_DAYS = 30;
/** The plan id with special meaning (no billing). */
export const FREE_PLAN_ID = 'free';
/** Currencies of subscriptions. */
export const CURRENCIES = ['jpy', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Currencies the plan creation form offers; a superset of CURRENCIES. */
export const PLAN_FORM_CURRENCIES = ['jpy', 'usd', 'eur', 'krw', 'cny'] as const;
export type PlanFormCurrency = (typeof PLAN_FORM_CURRENCIES)[number];
/** Billing intervals of plans, longest first as the spec lists them. */
export const PLAN_INTERVALS = ['year', 'month', 'week', 'day'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** A plan can be downgraded at most once per this many months. */
export const PLAN_DOWNGRADE_INTERVAL_MONTHS = 1;

// ---- Lists and pagination --------------------------------------------------------------------------------

export const PAGE_SIZES = [10, 30, 50, 100, 200, 300] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Contact and corporation lists are not paged: they ask for everything in one page of this size. */
export const CONTACT_LIST_PAGE_SIZE = 99_999;
export const CORPORATION_LIST_PAGE_SIZE = 99_999;
/** Page links shown by the paginator. */
export const PAGINATION_PAGES = 5;
/** Page links when page numbers are large or the space is narrow. */
export const PAGINATION_PAGES_COMPACT = 3;
/** CSV download period must lie within this many months. */
export const CSV_DOWNLOAD_MAX_PERIOD_MONTHS = 1;
/** Statistics chart period must lie within this many years. */
export const CHART_MAX_PERIOD_YEARS = 1;

export function isPageSize(n: number): n is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(n);
}

// ---- Web negotiation -------------------------------------------------------------------------------------

export const WEB_NEGOTIATION_MAX_TIME_DEFAULT_MINUTES = 120;
export const WEB_NEGOTIATION_LIMIT_INTERVALS = ['year', 'month', 'week', 'day'] as const;
export type WebNegotiationLimitInterval = (typeof WEB_NEGOTIATION_LIMIT_INTERVALS)[number];
export const WEB_NEGOTIATION_LIMIT_INTERVAL_DEFAULT: WebNegotiationLimitInterval = 'month';
export const WEB_NEGOTIATION_PARTICIPANT_COUNTS = [2, 3, 4] as const;
export type ParticipantCount = (typeof WEB_NEGOTIATION_PARTICIPANT_COUNTS)[number];
/**
 * The participants setting is stored as a code, not a count, and the codes are not in order: 0 means 2 people,
 * 2 means 3, 1 means 4. Keep the mapping here so nobody "fixes" it by sorting.
 */
export const WEB_NEGOTIATION_PARTICIPANTS_BY_VALUE = { 0: 2, 2: 3, 1: 4 } as const satisfies Record<
  number,
  ParticipantCount
>;
export type ParticipantsValue = keyof typeof WEB_NEGOTIATION_PARTICIPANTS_BY_VALUE;

/** People in a meeting for a participants setting value; unknown values mean the smallest meeting, 2. */
export function participantsForValue(value: number): ParticipantCount {
  switch (value) {
    case 1:
      return 4;
    case 2:
      return 3;
    default:
      return 2;
  }
}

/** The stored setting value for a participant count (inverse of participantsForValue). */
export function participantsValueFor(count: ParticipantCount): ParticipantsValue {
  switch (count) {
    case 2:
      return 0;
    case 3:
      return 2;
    case 4:
      return 1;
  }
}

/** The web negotiation group's grouptalk flag: 1 gives 4 participants, 2 gives 3, anything else 2. */
export function participantsForGrouptalk(grouptalk: number | null | undefined): ParticipantCount {
  if (grouptalk === 1) return 4;
  if (grouptalk === 2) return 3;
  return 2;
}

// ---- Exterior, obvr, hotspots ----------------------------------------------------------------------------

export const DEFAULT_FRAME_COUNT = 36;
/** Choices for the maximum image count of a multi-row (obvr) exterior. */
export const OBVR_MAX_IMAGE_COUNTS = [36, 72, 120] as const;
export type ObvrMaxImageCount = (typeof OBVR_MAX_IMAGE_COUNTS)[number];
export const HOTSPOT_ICON_ID = 24;
/** Defect markers are drawn white unless a colour is chosen. */
export const DEFAULT_DAMAGE_COLOUR = 'white';

/**
 * Exterior output sizes. The spec names them only; the pixel sizes are the usual 16:9 meanings of those names
 * (2K read as QHD 2560x1440, the size phones record), chosen by us.
 */
export const EXTERIOR_SIZES = [
  { id: 'hd', label: 'HD', width: 1280, height: 720 },
  { id: 'full_hd', label: 'Full HD', width: 1920, height: 1080 },
  { id: '2k', label: '2K', width: 2560, height: 1440 },
  { id: '4k', label: '4K', width: 3840, height: 2160 },
] as const;
export type ExteriorSizeId = (typeof EXTERIOR_SIZES)[number]['id'];

/**
 * Exterior center angles a user can pick (kept in local storage by the console). Degrees are measured
 * clockwise seen from above, so turning the car to show its right side is positive.
 */
export const EXTERIOR_CENTER_ANGLES = [
  { id: 'front', degrees: 0 },
  { id: 'right_45', degrees: 45 },
  { id: 'right_90', degrees: 90 },
  { id: 'left_45', degrees: -45 },
  { id: 'left_90', degrees: -90 },
] as const;
export type ExteriorCenterAngleId = (typeof EXTERIOR_CENTER_ANGLES)[number]['id'];

/** Movie backup retention: kept forever, or for a chosen number of days. */
export const MOVIE_BACKUP_RETENTION_INDEFINITE = 'indefinite';
export type MovieBackupRetention = typeof MOVIE_BACKUP_RETENTION_INDEFINITE | { days: number };

/** Flags of the blur and enhancement settings (sent with jpeg_quality and resized width and height). */
export const ENHANCE_FLAGS = ['shadow_highlight', 'tone_curve', 'saturation', 'sharpness', 'super_resolution'] as const;
export type EnhanceFlag = (typeof ENHANCE_FLAGS)[number];

// ---- Tenancy ---------------------------------------------------------------------------------------------

/** Company code answered for unknown hosts and used when the lookup fails. */
export const DEFAULT_COMPANY_CODE = '0006';
/** Company codes of partner domains; the default is one of them. */
export const COMPANY_CODES = ['0006', '0008', '0016', '0021'] as const;
export type CompanyCode = (typeof COMPANY_CODES)[number];
/** A domain change reaches every node within about this many minutes. */
export const DOMAIN_REFLECTION_MINUTES = 5;
/** A deleted domain's name is freed by the nightly deletion run. */
export const DOMAIN_DELETION_SCHEDULE = 'nightly';
/** A user CSV import may take up to this many minutes. */
export const USER_CSV_ADD_MAX_MINUTES = 10;
/** Access geography is fixed to Japan. */
export const ACCESS_GEOGRAPHY = 'JP';

export const TIMEZONES = ['Asia/Tokyo', 'US/Eastern', 'UTC'] as const;
export type Timezone = (typeof TIMEZONES)[number];
/** Content languages (the product's own codes, not BCP 47: jp and us). */
export const LANGUAGES = ['jp', 'us'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The 47 prefectures of Japan in their official JIS X 0401 order (ids 1..47). */
export const PREFECTURES = [
  { id: 1, ja: '北海道', romaji: 'Hokkaido' },
  { id: 2, ja: '青森県', romaji: 'Aomori' },
  { id: 3, ja: '岩手県', romaji: 'Iwate' },
  { id: 4, ja: '宮城県', romaji: 'Miyagi' },
  { id: 5, ja: '秋田県', romaji: 'Akita' },
  { id: 6, ja: '山形県', romaji: 'Yamagata' },
  { id: 7, ja: '福島県', romaji: 'Fukushima' },
  { id: 8, ja: '茨城県', romaji: 'Ibaraki' },
  { id: 9, ja: '栃木県', romaji: 'Tochigi' },
  { id: 10, ja: '群馬県', romaji: 'Gunma' },
  { id: 11, ja: '埼玉県', romaji: 'Saitama' },
  { id: 12, ja: '千葉県', romaji: 'Chiba' },
  { id: 13, ja: '東京都', romaji: 'Tokyo' },
  { id: 14, ja: '神奈川県', romaji: 'Kanagawa' },
  { id: 15, ja: '新潟県', romaji: 'Niigata' },
  { id: 16, ja: '富山県', romaji: 'Toyama' },
  { id: 17, ja: '石川県', romaji: 'Ishikawa' },
  { id: 18, ja: '福井県', romaji: 'Fukui' },
  { id: 19, ja: '山梨県', romaji: 'Yamanashi' },
  { id: 20, ja: '長野県', romaji: 'Nagano' },
  { id: 21, ja: '岐阜県', romaji: 'Gifu' },
  { id: 22, ja: '静岡県', romaji: 'Shizuoka' },
  { id: 23, ja: '愛知県', romaji: 'Aichi' },
  { id: 24, ja: '三重県', romaji: 'Mie' },
  { id: 25, ja: '滋賀県', romaji: 'Shiga' },
  { id: 26, ja: '京都府', romaji: 'Kyoto' },
  { id: 27, ja: '大阪府', romaji: 'Osaka' },
  { id: 28, ja: '兵庫県', romaji: 'Hyogo' },
  { id: 29, ja: '奈良県', romaji: 'Nara' },
  { id: 30, ja: '和歌山県', romaji: 'Wakayama' },
  { id: 31, ja: '鳥取県', romaji: 'Tottori' },
  { id: 32, ja: '島根県', romaji: 'Shimane' },
  { id: 33, ja: '岡山県', romaji: 'Okayama' },
  { id: 34, ja: '広島県', romaji: 'Hiroshima' },
  { id: 35, ja: '山口県', romaji: 'Yamaguchi' },
  { id: 36, ja: '徳島県', romaji: 'Tokushima' },
  { id: 37, ja: '香川県', romaji: 'Kagawa' },
  { id: 38, ja: '愛媛県', romaji: 'Ehime' },
  { id: 39, ja: '高知県', romaji: 'Kochi' },
  { id: 40, ja: '福岡県', romaji: 'Fukuoka' },
  { id: 41, ja: '佐賀県', romaji: 'Saga' },
  { id: 42, ja: '長崎県', romaji: 'Nagasaki' },
  { id: 43, ja: '熊本県', romaji: 'Kumamoto' },
  { id: 44, ja: '大分県', romaji: 'Oita' },
  { id: 45, ja: '宮崎県', romaji: 'Miyazaki' },
  { id: 46, ja: '鹿児島県', romaji: 'Kagoshima' },
  { id: 47, ja: '沖縄県', romaji: 'Okinawa' },
] as const;
export type Prefecture = (typeof PREFECTURES)[number];
export type PrefectureId = Prefecture['id'];

export function prefectureById(id: number): Prefecture | undefined {
  return PREFECTURES[id - 1];
}

// ---- Interface ---------------------------------------------------------------------------------------------

/** UI locales; the first is the default. */
export const UI_LOCALES = ['ja', 'en', 'fr', 'pt'] as const;
export type Locale = (typeof UI_LOCALES)[number];
export const DEFAULT_UI_LOCALE: Locale = 'ja';
export const LOCALE_COOKIE_NAME = 'spinyard_locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 1;
export const LOCALE_COOKIE_MAX_AGE_SECONDS = LOCALE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS;

export const SIDEBAR_COOKIE_NAME = 'spinyard_sidebar';
export const SIDEBAR_COOKIE_MAX_AGE_DAYS = 30;
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = SIDEBAR_COOKIE_MAX_AGE_DAYS * DAY_SECONDS;
export const SIDEBAR_COLOURS = ['blue', 'azure', 'green', 'orange', 'red', 'purple', 'black'] as const;
export type SidebarColour = (typeof SIDEBAR_COLOURS)[number];

/** Session-storage cache lifetime; the cache is also cleared at logout and page unload. */
export const SESSION_CACHE_TTL_MS = 5 * MINUTE_MS;
/** A lazily loaded console chunk that takes longer than this is treated as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND_MS;

export const NOTIFICATION_DURATION_MS = {
  success: 3000,
  error: 5000,
  /** A titled error stays longer: it usually explains what to do next. */
  errorTitled: 10_000,
  info: 3000,
  snackbar: 500,
  default: 5000,
} as const;
export const MODAL_ANIMATION_MS = 500;
export const COLLAPSE_ANIMATION_MS = 250;

// ---- Caps --------------------------------------------------------------------------------------------------

export const CSV_MAX_BYTES = 1 * MB;
export const CSV_MAX_USERS = 100;
export const MAX_ADMIN_USERS = 9999;
export const MAX_NORMAL_USERS = 9999;
export const CSV_MAX_CONTENTS = 150;
/** Category images that can be chosen for one content video. */
export const VIDEO_MAX_CATEGORY_IMAGES = 5;
/** Zoom points of interest per interior panorama. */
export const MAX_ZOOM_POINTS_PER_PANORAMA = 20;
/** Exterior, interior and category texts of a content video. */
export const VIDEO_TEXT_MAX_CHARS = 33;
export const VIDEO_OPENING_TITLE_MAX_LINES = 5;
export const VIDEO_OPENING_SUBTITLE_MAX_LINES = 4;
/** Upload to the video-sharing service. */
export const VIDEO_SHARING_MAX_BYTES = 256 * MB;
export const VIDEO_SHARING_THUMBNAIL_MAX_BYTES = 2 * MB;
export const VIDEO_SHARING_TAGS_MAX_CHARS = 500;
/** Length of a video id taken from a video-sharing link. */
export const VIDEO_SHARING_ID_LENGTH = 11;
/** Category image captions are cut at this width (see caption.ts for how width is counted). */
export const CATEGORY_CAPTION_MAX_WIDTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Our bound (the spec gives none): long enough for any passphrase or password manager, short enough that hashing
 * a hostile input stays cheap.
 */
export const PASSWORD_MAX_LENGTH = 128;
/** The longest e-mail address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** The too-short video message uses this many seconds when the domain sets none. */
export const VIDEO_MIN_SECONDS_DEFAULT = 8;
export const AUDIO_MAX_SECONDS = 120;
export const GENERAL_IMAGE_MAX_BYTES = 2 * MB;
export const SLIDER_RANGE_DEFAULT = { min: 0, max: 100 } as const;

// ---- Login protection (our choice: the spec names a 429 "too many attempts" without its limits) --------------

// Issue 18: a username is never locked as such (anyone could lock anyone out, the master included); failures are
// counted per client address and username, and per address, and each failure past the free ones makes that key
// wait longer before its next attempt (429 with Retry-After), so the owner signs in from their own address.

export const LOGIN_THROTTLE = {
  /**
   * One address and one username: failed sign-ins it may make before it has to wait, and how long a failure counts
   * (a success from there forgives them).
   */
  pair: { free: 5, memoryMs: 24 * 60 * MINUTE_MS },
  /** One address over every username (offices share addresses); an office's typos of yesterday do not slow it today. */
  address: { free: 20, memoryMs: 60 * MINUTE_MS },
  /** The first wait after the free failures; each further failure doubles it, up to the longest wait. */
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
} as const;

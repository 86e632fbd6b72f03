import { describe, expect, it } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  COMPANY_CODES,
  CSV_MAX_BYTES,
  CURRENCIES,
  DEFAULT_COMPANY_CODE,
  DEFAULT_PAGE_SIZE,
  DEFAULT_UI_LOCALE,
  EXTERIOR_CENTER_ANGLES,
  EXTERIOR_SIZES,
  isPageSize,
  LATE_FEE_ANNUAL_RATE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOGIN_THROTTLE,
  NOTIFICATION_DURATION_MS,
  OBVR_MAX_IMAGE_COUNTS,
  PAGE_SIZES,
  PLAN_FORM_CURRENCIES,
  PREFECTURES,
  participantsForGrouptalk,
  participantsForValue,
  participantsValueFor,
  prefectureById,
  SESSION_CACHE_TTL_MS,
  SIDEBAR_COLOURS,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  TAX_RATE,
  UI_LOCALES,
  VIDEO_SHARING_MAX_BYTES,
  WEB_NEGOTIATION_PARTICIPANT_COUNTS,
  WEB_NEGOTIATION_PARTICIPANTS_BY_VALUE,
} from './constants.ts';

describe('section 9 values', () => {
  it.each([
    ['tax', TAX_RATE, 0.1],
    ['late fee', LATE_FEE_ANNUAL_RATE, 0.146],
    ['default page size', DEFAULT_PAGE_SIZE, 10],
    ['locale cookie', LOCALE_COOKIE_MAX_AGE_SECONDS, 86_400],
    ['sidebar cookie', SIDEBAR_COOKIE_MAX_AGE_SECONDS, 30 * 86_400],
    ['session cache', SESSION_CACHE_TTL_MS, 300_000],
    ['chunk timeout', CHUNK_LOAD_TIMEOUT_MS, 120_000],
    ['csv bytes', CSV_MAX_BYTES, 1_048_576],
    ['video-sharing bytes', VIDEO_SHARING_MAX_BYTES, 268_435_456],
    ['default company', DEFAULT_COMPANY_CODE, '0006'],
    ['default locale', DEFAULT_UI_LOCALE, 'ja'],
  ] as const)('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('lists', () => {
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100, 200, 300]);
    expect(OBVR_MAX_IMAGE_COUNTS).toEqual([36, 72, 120]);
    expect(COMPANY_CODES).toEqual(['0006', '0008', '0016', '0021']);
    expect(COMPANY_CODES).toContain(DEFAULT_COMPANY_CODE);
    expect(UI_LOCALES).toEqual(['ja', 'en', 'fr', 'pt']);
    expect(SIDEBAR_COLOURS).toEqual(['blue', 'azure', 'green', 'orange', 'red', 'purple', 'black']);
    expect(EXTERIOR_SIZES.map((s) => s.label)).toEqual(['HD', 'Full HD', '2K', '4K']);
    expect(EXTERIOR_CENTER_ANGLES.map((a) => a.degrees)).toEqual([0, 45, 90, -45, -90]);
    for (const c of CURRENCIES) expect(PLAN_FORM_CURRENCIES).toContain(c);
  });

  it('notification durations', () => {
    expect(NOTIFICATION_DURATION_MS).toEqual({
      success: 3000,
      error: 5000,
      errorTitled: 10_000,
      info: 3000,
      snackbar: 500,
      default: 5000,
    });
  });

  it('login throttle: the address alone is allowed more failures than one address for one username', () => {
    expect(LOGIN_THROTTLE).toEqual({
      pair: { free: 5, memoryMs: 24 * 60 * 60 * 1000 },
      address: { free: 20, memoryMs: 60 * 60 * 1000 },
      firstDelaySeconds: 30,
      maxDelaySeconds: 15 * 60,
    });
  });

  it('isPageSize accepts exactly the offered sizes', () => {
    for (let n = -1; n <= 400; n++) expect(isPageSize(n)).toBe((PAGE_SIZES as readonly number[]).includes(n));
  });
});

describe('participants', () => {
  it.each([
    [0, 2],
    [2, 3],
    [1, 4],
    [3, 2],
    [-1, 2],
  ])('setting value %i gives %i people', (value, people) => {
    expect(participantsForValue(value)).toBe(people);
  });

  it('the value table and the function agree, and the inverse round-trips', () => {
    for (const [value, people] of Object.entries(WEB_NEGOTIATION_PARTICIPANTS_BY_VALUE)) {
      expect(participantsForValue(Number(value))).toBe(people);
    }
    for (const n of WEB_NEGOTIATION_PARTICIPANT_COUNTS) expect(participantsForValue(participantsValueFor(n))).toBe(n);
  });

  it.each([
    [1, 4],
    [2, 3],
    [0, 2],
    [3, 2],
    [null, 2],
    [undefined, 2],
  ])('grouptalk %s gives %i people', (grouptalk, people) => {
    expect(participantsForGrouptalk(grouptalk)).toBe(people);
  });
});

describe('prefectures', () => {
  it('47 entries with ids 1..47 in order, unique names', () => {
    expect(PREFECTURES).toHaveLength(47);
    PREFECTURES.forEach((p, i) => {
      expect(p.id).toBe(i + 1);
      expect(prefectureById(p.id)).toBe(p);
      expect(p.ja).toMatch(/[都道府県]$/);
      expect(p.romaji).toMatch(/^[A-Z][a-z]+$/);
    });
    expect(new Set(PREFECTURES.map((p) => p.ja)).size).toBe(47);
    expect(new Set(PREFECTURES.map((p) => p.romaji)).size).toBe(47);
  });

  it.each([
    [1, 'Hokkaido'],
    [13, 'Tokyo'],
    [27, 'Osaka'],
    [47, 'Okinawa'],
  ])('id %i is %s', (id, romaji) => {
    expect(prefectureById(id)?.romaji).toBe(romaji);
  });

  it.each([0, 48, -1, 1.5])('id %s is unknown', (id) => {
    expect(prefectureById(id)).toBeUndefined();
  });
});

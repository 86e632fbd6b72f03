import { describe, expect, it } from 'vitest';
import { isUploadInFlight, normaliseUploadStatus, UPLOAD_STATUSES, uploadPhase } from './upload-status.ts';

describe('normaliseUploadStatus', () => {
  it.each([
    ['complete', 'complete'],
    ['COMPLETE', 'complete'],
    ['Processing', 'processing'],
    [' pending ', 'pending'],
    ['MEDIA_CONVERT_IN_PROGRESS', 'progressing'],
    ['media_convert_in_progress', 'progressing'],
    ['Canceled', 'canceled'],
    ['Cancelled', 'Cancelled'],
    ['WeirdState', 'WeirdState'],
    ['', ''],
  ])('%j gives %j', (raw, expected) => {
    expect(normaliseUploadStatus(raw)).toBe(expected);
  });

  it('property: every known status in upper, lower or mixed case normalises to itself', () => {
    for (const s of UPLOAD_STATUSES) {
      const mixed = [...s].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
      for (const v of [s, s.toUpperCase(), mixed]) expect(normaliseUploadStatus(v)).toBe(s);
    }
  });
});

describe('uploadPhase', () => {
  it.each([
    ['requested', 'waiting', true],
    ['READY', 'waiting', true],
    ['pending', 'waiting', true],
    ['submitted', 'waiting', true],
    ['preparing', 'working', true],
    ['processing', 'working', true],
    ['media_convert_in_progress', 'working', true],
    ['complete', 'done', false],
    ['ERROR', 'failed', false],
    ['canceled', 'canceled', false],
    ['something', 'unknown', false],
  ] as const)('%s is %s', (raw, phase, inFlight) => {
    expect(uploadPhase(raw)).toBe(phase);
    expect(isUploadInFlight(raw)).toBe(inFlight);
  });
});

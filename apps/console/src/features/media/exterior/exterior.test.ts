import { describeErrorResponse, errorBody, UPLOAD_STATUSES } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/apiError.ts';
import { exteriorPollMs } from '../../../api/exterior.ts';
import { mergeProcesses } from '../../../api/liveProcesses.ts';
import { i18n, loadFullCatalogue } from '../../../i18n/i18n.ts';
import { lockFor } from './exteriorLocks.ts';
import {
  exteriorCodeText,
  exteriorErrorText,
  formatBytes,
  processErrorText,
  uploadStatusText,
} from './exteriorText.ts';
import { moved } from './useFrameOrder.ts';

const failure = (status: number, body: unknown) => new ApiError(status, body, describeErrorResponse(status, body));
const settings = { min_seconds: 8, max_bytes: 1024 * 1024 * 1024 };

describe('the exterior panel', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ja');
    await loadFullCatalogue();
  });

  it('moves one frame to another place, leaving the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 5)).toEqual(['a', 'b', 'c']);
  });

  it('names every upload state of the spec in the user language, in any case; an unknown one as it is', () => {
    const texts = UPLOAD_STATUSES.map(uploadStatusText);
    expect(new Set(texts).size).toBe(UPLOAD_STATUSES.length);
    for (const text of texts) expect(text).not.toMatch(/^exterior\./);
    expect(uploadStatusText('READY')).toBe('準備完了');
    expect(uploadStatusText('media_convert_in_progress')).toBe(uploadStatusText('progressing'));
    expect(uploadStatusText('Queued_By_Vendor')).toBe('Queued_By_Vendor');
  });

  it('says why a file was refused: not a video, too large, over the limit, too short with the seconds', () => {
    expect(exteriorErrorText(failure(415, errorBody('unsupported_video_format')), settings)).toContain(
      '動画ではありません',
    );
    const withParams = (code: string, params: Record<string, number>) => ({
      error: { code, user_message: 'x', params },
    });
    expect(
      exteriorErrorText(failure(413, withParams('file_too_large', { max_bytes: 2 * 1024 ** 3 })), settings),
    ).toContain('2.0 GB');
    expect(exteriorErrorText(failure(403, withParams('upload_over_limit', { limit: 3 })), settings)).toContain('3本');
    expect(exteriorErrorText(failure(403, errorBody('upload_over_limit')), { ...settings, upload_limit: 4 })).toContain(
      '4本',
    );
    expect(exteriorCodeText('video_too_short', { ...settings, min_seconds: 12 })).toContain('12');
    expect(exteriorCodeText('video_out_of_bounds', settings)).toContain('4096');
    expect(processErrorText('video_vertical_not_allowed: Vertical videos are not allowed.', settings)).toBe(
      i18n.t('errors.video_vertical_not_allowed'),
    );
    expect(processErrorText('ffmpeg exited', settings)).toBe('ffmpeg exited');
  });

  it('names the process that locks a control, and frees it when none does', () => {
    expect(lockFor([], 'EXTERIOR.REORDER').locked).toBe(false);
    const blur = lockFor(['blur'], 'EXTERIOR.REORDER');
    expect(blur.locked).toBe(true);
    expect(blur.reason).toContain(i18n.t('processes.blur'));
  });

  it('reads the spin again while a process runs, and stops when nothing moves', () => {
    const base = { processes: [], uploads: [] } as unknown as Parameters<typeof exteriorPollMs>[0];
    expect(exteriorPollMs(base)).toBe(false);
    const running = { ...base, processes: [{ status: 'running' }] } as unknown as Parameters<typeof exteriorPollMs>[0];
    expect(exteriorPollMs(running)).toBe(1500);
  });

  it('keeps, for each process, the reading further along: the answer polled or the socket live', () => {
    const at = (id: string, status: 'running' | 'succeeded', progress: number) =>
      ({ id, process: 'blur', status, progress, started_at: '', finished_at: null, error: null }) as const;
    const merged = mergeProcesses(
      [at('1', 'running', 40), at('2', 'running', 10)],
      [at('1', 'running', 20), at('2', 'succeeded', 100), at('3', 'running', 5)],
    );
    expect(merged.map((p) => [p.id, p.status, p.progress])).toEqual([
      ['1', 'running', 40],
      ['2', 'succeeded', 100],
      ['3', 'running', 5],
    ]);
  });

  it('writes sizes for people', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5.0 MB');
  });
});

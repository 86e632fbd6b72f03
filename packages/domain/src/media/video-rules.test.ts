import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MIN_VIDEO_SECONDS,
  exteriorVideoRefusal,
  exteriorVideosRefusal,
  sameAspect,
  type VideoFacts,
  videoBoundsRefusal,
} from './video-rules.ts';

const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2';
const good: VideoFacts = { container: MP4, width: 1920, height: 1080, durationSeconds: 20, frameRate: 30 };

describe('exteriorVideoRefusal', () => {
  it('accepts a landscape video of the minimum duration or more', () => {
    expect(exteriorVideoRefusal(good)).toBeUndefined();
    expect(exteriorVideoRefusal({ ...good, durationSeconds: 8 })).toBeUndefined();
    // Containers round the last frame's length: 7.96 s of an "8 s" clip still counts.
    expect(exteriorVideoRefusal({ ...good, durationSeconds: 7.96 })).toBeUndefined();
  });

  it.each([
    ['mp4, m4v and mov', MP4, undefined],
    ['avi', 'avi', undefined],
    ['wmv', 'asf', undefined],
    ['mpeg', 'mpeg', undefined],
    ['matroska', 'matroska,webm', 'unsupported_video_format'],
    ['an MPEG transport stream', 'mpegts', 'unsupported_video_format'],
    ['a raw H.264 stream', 'h264', 'unsupported_video_format'],
    ['an animated GIF', 'gif', 'unsupported_video_format'],
  ])('judges the format by the container read from the bytes: %s', (_name, container, code) => {
    expect(exteriorVideoRefusal({ ...good, container })?.code).toBe(code);
  });

  it.each([
    [1080, 1920, 'video_vertical_not_allowed'],
    [1080, 1080, 'video_vertical_not_allowed'],
    [1081, 1080, undefined],
    [320, 180, undefined],
  ])('only landscape: %ix%i as shown -> %s', (width, height, code) => {
    const r = exteriorVideoRefusal({ ...good, width, height });
    expect(r?.code).toBe(code);
    if (r) expect(r.params).toMatchObject({ width, height });
  });

  it.each([
    [7.9, undefined, 8],
    [3, undefined, 8],
    [9.5, 10, 10],
    [14.9, 15, 15],
  ])('too short: %f s against a minimum of %s -> names the seconds', (durationSeconds, minSeconds, seconds) => {
    const r = exteriorVideoRefusal({ ...good, durationSeconds }, minSeconds === undefined ? {} : { minSeconds });
    expect(r?.code).toBe('video_too_short');
    expect(r?.params.seconds).toBe(seconds);
    expect(r?.message).toContain(`${seconds} seconds`);
  });

  it('uses the default minimum of 8 seconds and the domain minimum when given', () => {
    expect(DEFAULT_MIN_VIDEO_SECONDS).toBe(8);
    expect(exteriorVideoRefusal({ ...good, durationSeconds: 12 }, { minSeconds: 12 })).toBeUndefined();
    expect(exteriorVideoRefusal({ ...good, durationSeconds: 5 }, { minSeconds: 4 })).toBeUndefined();
  });

  it('checks the format first, then the bounds, then the orientation, then the duration', () => {
    const everythingWrong: VideoFacts = {
      container: 'matroska,webm',
      width: 90,
      height: 160,
      durationSeconds: 1,
      frameRate: 30,
    };
    expect(exteriorVideoRefusal(everythingWrong)?.code).toBe('unsupported_video_format');
    const hostilePortrait = { ...everythingWrong, container: MP4, durationSeconds: 36_000 };
    expect(exteriorVideoRefusal(hostilePortrait)?.code).toBe('video_out_of_bounds');
    expect(exteriorVideoRefusal({ ...everythingWrong, container: MP4 })?.code).toBe('video_vertical_not_allowed');
  });
});

describe('videoBoundsRefusal', () => {
  it.each<[string, Partial<VideoFacts>, string | undefined]>([
    ['4K UHD at 60 fps for 10 minutes', { width: 3840, height: 2160, frameRate: 60, durationSeconds: 600 }, undefined],
    ['DCI 4K', { width: 4096, height: 2160 }, undefined],
    ['slow motion at 120 fps', { frameRate: 120 }, undefined],
    ['longer than 10 minutes', { durationSeconds: 600.5 }, 'duration'],
    ['a duration nobody knows', { durationSeconds: Number.NaN }, 'duration'],
    ['8K', { width: 7680, height: 4320 }, 'resolution'],
    ['a very wide strip', { width: 8000, height: 200 }, 'resolution'],
    ['taller than 2160 on its short side', { width: 4000, height: 2400 }, 'resolution'],
    ['240 fps', { frameRate: 240 }, 'frame_rate'],
    ['a frame rate nobody knows', { frameRate: Number.NaN }, 'frame_rate'],
  ])('%s', (_name, change, limit) => {
    const r = videoBoundsRefusal({ ...good, ...change });
    expect(r?.params.limit).toBe(limit);
    if (r) {
      expect(r.code).toBe('video_out_of_bounds');
      expect(r.params).toMatchObject({ max_minutes: 10, max_width: 4096, max_height: 2160, max_fps: 120 });
    }
  });
});

describe('sameAspect', () => {
  it.each([
    [1920, 1080, 1280, 720, true],
    [1920, 1080, 854, 480, true],
    [320, 180, 1920, 1080, true],
    [1920, 1080, 1440, 1080, false],
    [1920, 1080, 1920, 800, false],
    // Under 1 % apart is the same; 2 % apart is not.
    [1000, 500, 1008, 500, true],
    [1000, 500, 1020, 500, false],
  ])('%ix%i and %ix%i: %s', (w1, h1, w2, h2, same) => {
    expect(sameAspect({ width: w1, height: h1 }, { width: w2, height: h2 })).toBe(same);
  });
});

describe('exteriorVideosRefusal', () => {
  it('accepts videos of one aspect ratio, at any resolution', () => {
    expect(exteriorVideosRefusal([good, { ...good, width: 1280, height: 720 }])).toBeUndefined();
    expect(exteriorVideosRefusal([])).toBeUndefined();
  });

  it('names the video that differs from the first', () => {
    const r = exteriorVideosRefusal([good, good, { ...good, width: 640, height: 480 }]);
    expect(r).toMatchObject({
      code: 'video_aspect_mismatch',
      params: { video: 3, expected: '1920x1080', found: '640x480' },
    });
  });

  it("refuses a set by a video's own rule first, naming that video", () => {
    const r = exteriorVideosRefusal([good, { ...good, width: 640, height: 480, durationSeconds: 2 }]);
    expect(r).toMatchObject({ code: 'video_too_short', params: { video: 2, seconds: 8 } });
  });
});

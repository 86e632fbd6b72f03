import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ErrorCode, exteriorVideoRefusal, exteriorVideosRefusal, type VideoFacts } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { binaryVersion, ffmpegPath, ffprobePath, runBounded } from '../../src/platform/media/ffmpeg.ts';
import { createMedia, type ProbedVideo } from '../../src/platform/media/index.ts';
import { probeVideo, videoFromProbe } from '../../src/platform/media/video-probe.ts';
import { useTempDir } from '../helpers/temp-dir.ts';
import { type TestVideo, testVideo } from '../helpers/videos.ts';

const media = createMedia();

async function probed(name: TestVideo): Promise<ProbedVideo> {
  const probe = await media.probeVideo(await testVideo(name));
  if (!probe.ok) throw new Error(`${name} did not probe: ${probe.reason} ${probe.detail}`);
  return probe.video;
}

/** The catalogue code an upload of this one file gets: a failed probe is the catalogue's illegal video file. */
async function refusalOf(name: TestVideo): Promise<ErrorCode | undefined> {
  const probe = await media.probeVideo(await testVideo(name));
  if (!probe.ok) return 'video_invalid_file';
  return exteriorVideoRefusal(probe.video)?.code;
}

describe('the ffmpeg and ffprobe binaries', () => {
  it('run from the npm packages', async () => {
    expect(await binaryVersion(ffmpegPath())).toMatch(/^ffmpeg version /);
    expect(await binaryVersion(ffprobePath())).toMatch(/^ffprobe version /);
  });

  it('are taken from FFPROBE_PATH when it is set, and a missing one is an error, not a bad file', async () => {
    const file = await testVideo('landscape');
    const saved = process.env.FFPROBE_PATH;
    try {
      process.env.FFPROBE_PATH = path.join(tmpdir(), 'no-such-ffprobe');
      await expect(probeVideo(file)).rejects.toThrow(/ffprobe could not be started/);
    } finally {
      if (saved === undefined) delete process.env.FFPROBE_PATH;
      else process.env.FFPROBE_PATH = saved;
    }
    expect((await probeVideo(file)).ok).toBe(true);
  });
});

describe('probeVideo', () => {
  it('reads container, codec, size, duration, frame rate, frame count and sound from the bytes', async () => {
    expect(await probed('landscape')).toEqual({
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      codec: 'h264',
      width: 320,
      height: 180,
      codedWidth: 320,
      codedHeight: 180,
      rotation: 0,
      durationSeconds: expect.closeTo(10, 0),
      frameRate: 10,
      frameCount: 100,
      hasAudio: true,
      // Untagged and smaller than HD: the SD convention.
      colorMatrix: 'bt601',
      fullRange: false,
    });
    expect((await probed('portrait')).hasAudio).toBe(false);
  });

  it('gives the size as shown, after the rotation flag phones use', async () => {
    // Which way a quarter turn goes differs between ffmpeg versions' conventions; either way the sides swap.
    const turned = await probed('rotatedPortrait');
    expect(turned).toMatchObject({ codedWidth: 320, codedHeight: 180, width: 180, height: 320 });
    expect([90, 270]).toContain(turned.rotation);
    const back = await probed('rotatedLandscape');
    expect(back).toMatchObject({ codedWidth: 180, codedHeight: 320, width: 320, height: 180 });
    expect([90, 270]).toContain(back.rotation);
    expect(back.rotation).not.toBe(turned.rotation);
  });

  it.each<[TestVideo, string]>([
    ['avi', 'avi'],
    ['wmv', 'asf'],
    ['mpeg', 'mpeg'],
    ['matroska', 'matroska,webm'],
  ])('names the container of %s by its content', async (name, container) => {
    expect((await probed(name)).container).toBe(container);
  });

  it('reads a decompression bomb from its headers in well under a second, without decoding it', async () => {
    for (const name of ['hugeResolution', 'hourLong'] as const) {
      const file = await testVideo(name);
      const started = performance.now();
      const probe = await probeVideo(file);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(probe.ok).toBe(true);
    }
    expect(await probed('hugeResolution')).toMatchObject({ width: 7680, height: 4320 });
    expect((await probed('hourLong')).durationSeconds).toBeCloseTo(3600, 0);
  });

  it.each<TestVideo>(['randomBytes', 'truncated'])(
    'answers a %s file as unreadable, never by throwing',
    async (name) => {
      const probe = await probeVideo(await testVideo(name));
      expect(probe).toMatchObject({ ok: false, reason: 'unreadable' });
    },
  );

  it('does not follow a playlist to another file (an upload cannot make the probe read the disk or the network)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-playlist-'));
    try {
      const playlist = path.join(dir, 'walkaround.m3u8');
      const target = await testVideo('landscape');
      await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${target}\n#EXT-X-ENDLIST\n`);
      expect(await probeVideo(playlist)).toMatchObject({ ok: false, reason: 'unreadable' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('does not read a name as an option or a protocol', async () => {
    const probe = await probeVideo('-version');
    expect(probe.ok).toBe(false);
  });
});

describe('each test video gets its own catalogue answer', () => {
  it.each<[TestVideo, ErrorCode | undefined]>([
    ['landscape', undefined],
    ['rotatedLandscape', undefined],
    ['avi', undefined],
    ['wmv', undefined],
    ['mpeg', undefined],
    ['portrait', 'video_vertical_not_allowed'],
    ['rotatedPortrait', 'video_vertical_not_allowed'],
    ['short', 'video_too_short'],
    ['matroska', 'unsupported_video_format'],
    ['randomBytes', 'video_invalid_file'],
    ['truncated', 'video_invalid_file'],
    ['hugeResolution', 'video_out_of_bounds'],
    ['hourLong', 'video_out_of_bounds'],
    ['tooFast', 'video_out_of_bounds'],
  ])('%s -> %s', async (name, code) => {
    expect(await refusalOf(name)).toBe(code);
  });

  it('names the minimum seconds for the too-short clip', async () => {
    expect(exteriorVideoRefusal(await probed('short'))?.params).toMatchObject({ seconds: 8, duration: 3 });
  });

  it('refuses to merge a 4:3 clip with 16:9 ones', async () => {
    const set: VideoFacts[] = [await probed('landscape'), await probed('rotatedLandscape'), await probed('fourThree')];
    expect(exteriorVideosRefusal(set.slice(0, 2))).toBeUndefined();
    expect(exteriorVideosRefusal(set)).toMatchObject({ code: 'video_aspect_mismatch', params: { video: 3 } });
  });
});

describe('videoFromProbe', () => {
  const stream = { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30/1' };

  it('skips cover art and takes the playing picture', () => {
    const probe = videoFromProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5' },
      streams: [{ ...stream, codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } }, stream],
    });
    expect(probe).toMatchObject({ ok: true, video: { codec: 'h264', width: 1920, durationSeconds: 12.5 } });
  });

  it('reads the rotation from the rotate tag of older files', () => {
    const probe = videoFromProbe({ format: { duration: '9' }, streams: [{ ...stream, tags: { rotate: '-90' } }] });
    expect(probe).toMatchObject({ ok: true, video: { rotation: 270, width: 1080, height: 1920 } });
  });

  it('falls back to the nominal rate when the average is unknown', () => {
    const probe = videoFromProbe({
      format: { duration: '9' },
      streams: [{ ...stream, avg_frame_rate: '0/0', r_frame_rate: '30000/1001' }],
    });
    expect(probe.ok && probe.video.frameRate).toBeCloseTo(29.97, 2);
  });

  it.each([
    ['tagged BT.709', { color_space: 'bt709' }, 'bt709', false],
    ['tagged BT.601 at HD size', { color_space: 'smpte170m' }, 'bt601', false],
    ['HDR', { color_space: 'bt2020nc', color_range: 'tv' }, 'bt2020', false],
    ['untagged HD', {}, 'bt709', false],
    ['untagged SD', { width: 640, height: 480 }, 'bt601', false],
    ['full range (some Android phones)', { color_space: 'bt709', color_range: 'pc' }, 'bt709', true],
  ])('reads the colour coding: %s', (_name, tags, colorMatrix, fullRange) => {
    const probe = videoFromProbe({ format: { duration: '9' }, streams: [{ ...stream, ...tags }] });
    expect(probe).toMatchObject({ ok: true, video: { colorMatrix, fullRange } });
  });

  it.each([
    ['sound only', { format: { duration: '9' }, streams: [{ codec_type: 'audio', codec_name: 'aac' }] }, 'no_video'],
    ['no streams', { format: { duration: '9' } }, 'no_video'],
    ['no duration', { format: {}, streams: [stream] }, 'no_duration'],
  ])('%s is no usable video', (_name, answer, reason) => {
    expect(videoFromProbe(answer)).toMatchObject({ ok: false, reason });
  });
});

describe('runBounded', () => {
  const tmp = useTempDir('spinyard-ffmpeg-');

  it('kills a process that hangs at its time limit (ffmpeg reading a pipe nobody writes to)', async () => {
    const fifo = path.join(tmp.path, 'never.mp4');
    execFileSync('mkfifo', [fifo]);
    const started = performance.now();
    const run = await runBounded(ffmpegPath(), ['-hide_banner', '-i', `file:${fifo}`, '-f', 'null', '-'], {
      timeoutMs: 500,
    });
    expect(run).toMatchObject({ timedOut: true, code: null });
    expect(performance.now() - started).toBeLessThan(5_000);
    const probe = await probeVideo(fifo, { timeoutMs: 500 });
    expect(probe).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('kills a process whose output passes the cap, keeping no more than the cap', async () => {
    const endless = [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180',
      '-f',
      'rawvideo',
      '-',
    ];
    const run = await runBounded(ffmpegPath(), endless, { timeoutMs: 20_000, maxStdoutBytes: 1024 * 1024 });
    expect(run.overflowed).toBe(true);
    expect(run.timedOut).toBe(false);
    expect(run.stdout.length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('reports a program that cannot start instead of hanging', async () => {
    const run = await runBounded(path.join(tmp.path, 'no-such-program'), [], { timeoutMs: 5_000 });
    expect(run.spawnError).toBeDefined();
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEXT_TO_AUDIO_MAX_CHARS } from '@spinyard/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, runBounded } from '../../src/platform/media/ffmpeg.ts';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';

/**
 * Text-to-audio with the real engines (eSpeak NG; kuromoji's readings for Japanese) and the real ffmpeg: each
 * language speaks a typical hotspot sentence as an mp3 of plausible length that is not silence.
 */

const API = '/api/browser/v0';
const t = useTestApp();
let dealer: SignedInUser;

beforeAll(async () => {
  dealer = await t.make.signedIn();
});

const as = (who: SignedInUser, request: InjectOptions): InjectOptions => ({
  ...request,
  headers: { ...(request.headers ?? {}), authorization: `Bearer ${who.contentToken}` },
});

const preview = (payload: unknown) =>
  t.app.inject(as(dealer, { method: 'POST', url: `${API}/texttoaudio/preview`, payload: payload as object }));

/** The mp3 decoded to 16 kHz mono PCM by ffmpeg: its length in seconds and the share of 50 ms windows that sound. */
async function listen(mp3: Buffer): Promise<{ seconds: number; voiced: number; peak: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spinyard-tts-test-'));
  try {
    const file = path.join(dir, 'a.mp3');
    await writeFile(file, mp3);
    const r = await runBounded(
      ffmpegPath(),
      ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '16000', 'pipe:1'],
      {
        timeoutMs: 30_000,
        maxStdoutBytes: 16 * 1024 * 1024,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const pcm = new Int16Array(r.stdout.buffer, r.stdout.byteOffset, Math.floor(r.stdout.length / 2));
    const window = 800;
    let windows = 0;
    let voiced = 0;
    let peak = 0;
    for (let at = 0; at + window <= pcm.length; at += window) {
      let sum = 0;
      for (let i = at; i < at + window; i++) {
        const v = pcm[i]!;
        sum += v * v;
        peak = Math.max(peak, Math.abs(v));
      }
      windows++;
      // About -40 dBFS: quieter than any syllable, louder than the codec's noise in a pause.
      if (Math.sqrt(sum / window) > 300) voiced++;
    }
    return { seconds: pcm.length / 16_000, voiced: windows === 0 ? 0 : voiced / windows, peak };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SENTENCES = {
  ja: { text: 'この車は後ろのバンパーに小さな傷があります。走行距離は三万キロです。', min: 3, max: 15 },
  en: { text: 'This car has a small scratch on the rear bumper. The mileage is thirty thousand.', min: 2.5, max: 12 },
  fr: {
    text: 'Cette voiture a une petite rayure sur le pare-chocs arrière. Elle a trente mille kilomètres.',
    min: 2.5,
    max: 14,
  },
  pt: {
    text: 'Este carro tem um pequeno arranhão no para-choque traseiro. Tem trinta mil quilômetros.',
    min: 2.5,
    max: 14,
  },
} as const;

describe('POST /texttoaudio/preview', () => {
  // The first Japanese text loads the dictionary in the speech worker (10 s, far more on a loaded machine): set-up,
  // not what the tests below time.
  beforeAll(async () => {
    await preview({ language: 'ja', voice: 'female', text: 'はい。' });
  }, 240_000);

  for (const [language, sentence] of Object.entries(SENTENCES)) {
    for (const voice of ['female', 'male'] as const) {
      it(`speaks ${language} (${voice}) as an mp3 of plausible length that is not silence`, async () => {
        const res = await preview({ language, voice, text: sentence.text });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toMatch(/^audio\/mpeg/);
        const mp3 = res.rawPayload;
        expect(mp3.length).toBeLessThan(5 * 1024 * 1024);
        const heard = await listen(mp3);
        expect(heard.seconds).toBeGreaterThan(sentence.min);
        expect(heard.seconds).toBeLessThan(sentence.max);
        expect(heard.voiced).toBeGreaterThan(0.4);
        expect(heard.peak).toBeGreaterThan(3000);
      }, 60_000);
    }
  }

  it('reads Japanese kanji, not their names: the kanji text speaks about as long as its kana', async () => {
    const kanji = await preview({ language: 'ja', voice: 'female', text: '小さな傷があります。' });
    const kana = await preview({ language: 'ja', voice: 'female', text: 'ちいさなきずがあります。' });
    const [a, b] = [await listen(kanji.rawPayload), await listen(kana.rawPayload)];
    expect(Math.abs(a.seconds - b.seconds)).toBeLessThan(0.6);
  }, 60_000);

  it('reads markup as text, and a text at the length limit stays within 120 s', async () => {
    const markup = await preview({ language: 'en', voice: 'male', text: '<speak><audio src="x"/></speak> & [[h@l]]' });
    expect(markup.statusCode, markup.body).toBe(200);
    expect((await listen(markup.rawPayload)).seconds).toBeGreaterThan(1);
    const long = await preview({
      language: 'ja',
      voice: 'male',
      text: '東京都千代田区の販売店です。'.repeat(50).slice(0, TEXT_TO_AUDIO_MAX_CHARS),
    });
    expect(long.statusCode, long.body).toBe(200);
    const heard = await listen(long.rawPayload);
    expect(heard.seconds).toBeGreaterThan(30);
    expect(heard.seconds).toBeLessThanOrEqual(120);
  }, 120_000);

  const refusals: [string, unknown, string][] = [
    ['an unknown language', { language: 'de', voice: 'female', text: 'Hallo' }, 'language'],
    ['an unknown voice', { language: 'en', voice: 'robot', text: 'Hello' }, 'voice'],
    ['an empty text', { language: 'en', voice: 'female', text: '' }, 'text'],
    ['a text of spaces only', { language: 'ja', voice: 'female', text: '   ' }, 'text'],
    [
      'a text over the limit',
      { language: 'en', voice: 'female', text: 'a'.repeat(TEXT_TO_AUDIO_MAX_CHARS + 1) },
      'text',
    ],
    ['a control character', { language: 'en', voice: 'female', text: 'bell\u0007' }, 'text'],
    ['a missing text', { language: 'en', voice: 'female' }, 'text'],
  ];
  for (const [what, body, field] of refusals) {
    it(`refuses ${what} with 422 naming ${field}`, async () => {
      const res = await preview(body);
      expect(res.statusCode, res.body).toBe(422);
      const fields = (res.json().error.fields as { field: string }[]).map((f) => f.field);
      expect(fields).toContain(field);
    });
  }

  it('answers 401 without a token, and lists the voices with their engines when signed in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/texttoaudio/preview`,
      payload: { language: 'en', voice: 'female', text: 'Hello' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/texttoaudio/voices` })).statusCode).toBe(401);
    const voices = await t.app.inject(as(dealer, { method: 'GET', url: `${API}/texttoaudio/voices` }));
    expect(voices.statusCode, voices.body).toBe(200);
    expect(voices.json().languages.map((l: { language: string }) => l.language)).toEqual(['ja', 'en', 'fr', 'pt']);
    expect(voices.json().languages[0].engine).toBe('kuromoji+espeak-ng');
  });
});

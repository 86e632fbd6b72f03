import { randomBytes } from 'node:crypto';
import { DEFAULT_CHUNK_BYTES, driveUpload } from '../apps/server/src/platform/video-sharing/resumable.ts';
import { createYoutubeSharing } from '../apps/server/src/platform/video-sharing/youtube.ts';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeYoutube } from '../apps/server/test/helpers/fake-youtube.ts';

/**
 * A 256 MB upload (the spec's largest video) to the fake YouTube through the YouTube adapter, with the connection
 * dropped three times mid-chunk; prints the extra bytes the service received (resent after each drop), the goal
 * being under 10 %, and the time taken.
 *
 *   node --import tsx bench/video-sharing-upload.ts [MB] [chunk KiB]
 */

const UNIT = 256 * 1024;
const megabytes = Number(process.argv[2] ?? 256);
const chunkBytes = process.argv[3] ? Number(process.argv[3]) * 1024 : DEFAULT_CHUNK_BYTES;
const total = megabytes * 1024 * 1024;
// One piece of random bytes repeated: the fake keeps the file to check it, and 256 MB of fresh randomness is slow.
const piece = randomBytes(4 * UNIT);

async function* open(offset: number): AsyncGenerator<Buffer> {
  let at = offset;
  while (at < total) {
    const start = at % piece.length;
    const end = Math.min(piece.length, start + (total - at));
    yield piece.subarray(start, end);
    at += end - start;
  }
}

const fake = await startFakeYoutube();
try {
  const site = createYoutubeSharing({ clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET, urls: fake.urls });
  const page = await fetch(site.authorizeUrl({ state: 'b', redirectUri: 'http://bench.test/cb' }), {
    redirect: 'manual',
  });
  const code = new URL(page.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await site.exchangeCode({ code, redirectUri: 'http://bench.test/cb' });
  // Drops at a quarter, half and three quarters of the file, each in the middle of a chunk.
  for (const at of [0.25, 0.5, 0.75]) {
    fake.inject('chunk', { kind: 'drop', atOffset: Math.floor(total * at) + Math.floor(chunkBytes / 2) + 12345 });
  }
  const metadata = {
    title: 'bench',
    description: '',
    tags: [],
    categoryId: null,
    language: null,
    madeForKids: false,
    privacy: 'private' as const,
  };
  const started = performance.now();
  const sessionUrl = await site.startUpload(tokens.accessToken, {
    metadata,
    totalBytes: total,
    contentType: 'video/mp4',
  });
  const outcome = await driveUpload(site, tokens.accessToken, { sessionUrl, totalBytes: total, chunkBytes, open });
  const seconds = (performance.now() - started) / 1000;
  const received = fake.bytesReceived();
  const extra = received - total;
  const stored = fake.videos.get(outcome.video.id)?.body.length ?? 0;
  console.log(
    `file ${megabytes} MB, chunks ${chunkBytes / 1024} KiB, drops ${outcome.drops}, stored ${stored === total ? 'whole' : `${stored} of ${total}`}`,
  );
  console.log(`received by the service ${received} bytes: ${extra} extra (${((extra / total) * 100).toFixed(3)} %)`);
  console.log(
    `handed to the connection ${outcome.bytesSent} bytes (${(((outcome.bytesSent - total) / total) * 100).toFixed(2)} % over: dropped chunks counted whole)`,
  );
  console.log(
    `${seconds.toFixed(1)} s, ${(megabytes / seconds).toFixed(1)} MB/s; peak rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
} finally {
  await fake.close();
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/harness/browser.ts';
import { repoRoot } from '../e2e/harness/server.ts';
import { percentile } from './viewer-probe.ts';
import { type BenchServer, call, type PublishedSpin, publishSpin, startBenchServer } from './viewer-scene.ts';

/**
 * Issue 21's call with 4 participants, each in a Chromium of its own (Debian's, the fake camera and microphone:
 * a generated 640x360 picture and tone), on `spinyard serve` with the built viewer:
 * 1. join to seeing the host: from a guest's navigation to the first frame of the host's video presented;
 * 2. frames a second each browser presents of each other's video over MEASURE_S seconds (totalVideoFrames), and
 *    each browser's CPU over the same seconds (its whole process tree, read in /proc, in cores);
 * 3. spin-follow latency: the host turns the spin TURNS times; each guest records when it showed the state (the
 *    animation frame after applying it) less when the host sent it (one machine, one clock); the 95th percentile.
 * The meeting is a real one, scheduled through the meetings API: the host opens the link the API hands out, each
 * guest the link of their invitation mail.
 *
 *   node --import tsx bench/meeting-call.ts          (after `npm run build -w @spinyard/viewer`)
 *   BENCH_MEASURE_S=10 BENCH_TURNS=40
 *
 * A figure, not a test. The lead records the figures in docs/operations.md ("Web negotiation: the call").
 */

const log = (message: string) => process.stdout.write(`${message}\n`);
const MEASURE_S = Number(process.env.BENCH_MEASURE_S ?? 10);
const TURNS = Number(process.env.BENCH_TURNS ?? 40);
const PEOPLE = 4;
const CLK_TCK = 100;

interface Proc {
  pid: string;
  ppid: string;
  ticks: number;
  cmdline: string;
}

function processes(): Proc[] {
  const all: Proc[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      all.push({ pid, ppid: fields[1] ?? '', ticks: Number(fields[11]) + Number(fields[12]), cmdline });
    } catch {
      // Gone meanwhile.
    }
  }
  return all;
}

/** The profile folders of the Chromiums running now (each launch has its own). */
const profiles = () => new Set(processes().flatMap((p) => /--user-data-dir=([^\0]+)/.exec(p.cmdline)?.[1] ?? []));

/** CPU ticks (user + system) of a browser's whole process tree: its main process (the profile, no --type) down. */
function ticksOf(profile: string): number {
  const all = processes();
  const tree = new Set(
    all.filter((p) => p.cmdline.includes(profile) && !p.cmdline.includes('--type=')).map((p) => p.pid),
  );
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grown = true;
      }
    }
  }
  return all.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0);
}

const framesOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLVideoElement>('.call-tile[data-self="false"] video')].map(
      (v) => v.getVideoPlaybackQuality().totalVideoFrames,
    ),
  );

/** A meeting of the host and 3 guests about the spin, starting in 5 minutes; each one's link path to the call. */
async function scheduleMeeting(server: BenchServer, spin: PublishedSpin, guests: string[]): Promise<string[]> {
  const base = server.baseUrl;
  await call(`${base}/v1/domain/${spin.domainId}`, {
    method: 'POST',
    token: spin.masterToken,
    json: { options: { web_negotiation: true, web_negotiation_participants: PEOPLE } },
  });
  const meetings = `${base}/api/browser/v0/web_negotiation_group`;
  const made = (await call(meetings, {
    method: 'POST',
    token: spin.dealerToken,
    json: {
      title: 'Bench call',
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 60,
      vehicle_ids: [spin.vehicleId],
      invitees: guests.map((id) => ({ name: id, email: `${id}@example.com` })),
    },
  })) as { id: string };
  const host = (await call(`${meetings}/${made.id}/host-link`, {
    method: 'POST',
    token: spin.dealerToken,
    json: {},
  })) as {
    url: string;
  };
  const url = new URL(host.url);
  // The invitations go through the mail queue: the guests' links as they receive them, from the outbox.
  for (let waited = 0; waited < 60_000; waited += 250) {
    const links = guests.map((id) => invitationLink(server.dataDir, `${id}@example.com`));
    if (links.every((l) => l !== undefined)) return [`${url.pathname}${url.hash}`, ...(links as string[])];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the invitation mails did not come');
}

/**
 * The call link of the outbox's mail to `address`, read from the raw .eml (e2e/mail.ts imports vitest, which a
 * script cannot): the link is a short ASCII line, left whole by quoted-printable, and the .ics part repeats it.
 */
function invitationLink(dataDir: string, address: string): string | undefined {
  const dir = path.join(dataDir, 'mail');
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    if (!new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'm').test(raw)) continue;
    const link = /https?:\/\/[^\s/]+(\/call#[A-Za-z0-9_-]+)/.exec(raw)?.[1];
    if (link) return link;
  }
  return undefined;
}

async function main() {
  const bench = await startBenchServer(path.join(repoRoot, 'apps/viewer/dist'));
  const browsers: Browser[] = [];
  try {
    const spin = await publishSpin(bench.server);
    const ids = ['host', 'guest1', 'guest2', 'guest3'];
    const links = await scheduleMeeting(bench.server, spin, ids.slice(1));

    const mine: string[] = [];
    const pages: Page[] = [];
    for (const _ of ids) {
      const before = profiles();
      const browser = await launchBrowser();
      browsers.push(browser);
      mine.push([...profiles()].find((p) => !before.has(p)) ?? '');
      const context = await browser.newContext({ baseURL: bench.server.baseUrl, locale: 'ja-JP' });
      pages.push(await context.newPage());
    }
    const [host, ...guests] = pages as [Page, ...Page[]];
    await host.goto(links[0] ?? '');
    await host.locator('.spin-surface[data-ready="true"]').waitFor({ timeout: 60_000 });

    // 1. Each guest: its link opened to the host's first frame on its screen.
    const joins: number[] = [];
    for (const [i, guest] of guests.entries()) {
      const started = Date.now();
      await guest.goto(links[i + 1] ?? '');
      await guest.waitForFunction(
        () =>
          (document
            .querySelector<HTMLVideoElement>('.call-tile[data-participant^="host-"] video')
            ?.getVideoPlaybackQuality().totalVideoFrames ?? 0) > 0,
        undefined,
        { timeout: 120_000 },
      );
      joins.push(Date.now() - started);
    }
    for (const page of pages) {
      await page.waitForFunction(
        () => document.querySelectorAll('.call-tile[data-self="false"] video').length === 3,
        undefined,
        { timeout: 120_000 },
      );
    }

    // 2. Frames presented and CPU, over the same seconds.
    const framesBefore = await Promise.all(pages.map(framesOf));
    const ticksBefore = mine.map(ticksOf);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, MEASURE_S * 1000));
    const seconds = (Date.now() - t0) / 1000;
    const framesAfter = await Promise.all(pages.map(framesOf));
    const cores = mine.map((p, i) => (ticksOf(p) - (ticksBefore[i] ?? 0)) / CLK_TCK / seconds);
    const fps = framesAfter.map((after, i) => after.map((n, j) => (n - (framesBefore[i]?.[j] ?? 0)) / seconds));

    // 3. Spin-follow latency: each guest notes when it showed each state the host sent.
    for (const guest of guests) {
      await guest.evaluate(() => {
        const w = window as unknown as { followLag: number[] };
        w.followLag = [];
        window.addEventListener('spinyard:view-followed', (e) => {
          const sent = (e as CustomEvent<{ sent_at: number }>).detail.sent_at;
          requestAnimationFrame(() => w.followLag.push(Date.now() - sent));
        });
      });
    }
    await host.locator('.spin-surface').focus();
    for (let i = 0; i < TURNS; i++) {
      await host.keyboard.press('ArrowLeft');
      await host.waitForTimeout(120);
    }
    await host.waitForTimeout(1000);
    const lags = (
      await Promise.all(guests.map((g) => g.evaluate(() => (window as unknown as { followLag: number[] }).followLag)))
    ).flat();

    const round = (n: number) => Math.round(n * 10) / 10;
    log(`meeting-call bench: ${PEOPLE} participants, each its own Chromium, fake camera 640x360`);
    log(`join to seeing the host (ms): ${joins.join(', ')} (max ${Math.max(...joins)}; goal 3000)`);
    for (const [i, id] of ids.entries()) {
      const mine = fps[i] ?? [];
      log(
        `${id}: receives ${mine.map(round).join(' / ')} fps (min ${round(Math.min(...mine))}; goal 15), CPU ${round(cores[i] ?? 0)} cores (goal < 1)`,
      );
    }
    log(
      `spin follow (ms): ${lags.length} samples, p50 ${percentile(lags, 50)}, p95 ${percentile(lags, 95)}, max ${Math.max(...lags)} (goal p95 150)`,
    );
  } finally {
    for (const b of browsers) await b.close().catch(() => undefined);
    await bench.cleanUp();
  }
}

await main();

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

/**
 * axe-core run on a page and every frame in it, finding what @axe-core/playwright finds, in half its time or less
 * (checked on a page with same-origin, cross-origin and srcdoc frames; 0.4 to 0.6 s a check instead of 1.2 to 1.9
 * on the console's lists). A page without frames, as most are, is one `axe.run` in the page. A page with frames
 * is run as @axe-core/playwright runs it (`runPartial` in each frame, cross-origin ones included, then
 * `finishRun`), except that `finishRun` runs in the page under test, where axe already is, instead of in a new
 * blank page that must load axe again. Only violations are reported (`resultTypes`), not every passing node.
 */

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** What the checks ask of axe: its own `run` options (rules and tags); `resultTypes` is set here. */
export type AxeOptions = Record<string, unknown>;

interface AxeWindow {
  axe: {
    utils: {
      getFrameContexts: (context: unknown) => { frameSelector: unknown; frameContext: unknown }[];
      shadowSelect: (selector: unknown) => Element | null;
    };
    run: (context: unknown, options: unknown) => Promise<{ violations: RawViolation[] }>;
    runPartial: (context: unknown, options: unknown) => Promise<unknown>;
    finishRun: (partials: unknown[], options: unknown) => Promise<{ violations: RawViolation[] }>;
  };
}

interface RawViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[] }[];
}

/** A frame that never answers (still loading, or gone) must not hold the check: it counts as not analysed. */
const FRAME_INJECT_TIMEOUT_MS = 5_000;

let source: Promise<string> | undefined;
/** axe-core's script, read once per worker. */
export function axeScript(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

async function inject(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => 'axe' in window)) return;
  await frame.evaluate(await axeScript());
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the frame did not answer')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The partial results of `frame` and, depth first, of the frames inside it, in the order axe's `finishRun`
 * expects: a frame that could not be analysed stands as one `null` (its own frames are then not counted).
 */
async function partials(frame: Frame, context: unknown, options: AxeOptions, top: boolean): Promise<unknown[]> {
  const children = await frame.evaluate(
    (ctx) => (window as unknown as AxeWindow).axe.utils.getFrameContexts(ctx),
    context,
  );
  const own = frame.evaluate(({ ctx, opts }) => (window as unknown as AxeWindow).axe.runPartial(ctx, opts), {
    ctx: context,
    opts: options,
  });
  own.catch(() => undefined);
  const nested: unknown[][] = [];
  for (const { frameSelector, frameContext } of children) {
    try {
      const handle = await frame.evaluateHandle(
        (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector),
        frameSelector,
      );
      const child = await handle.asElement()?.contentFrame();
      if (!child) throw new Error('no frame');
      await withTimeout(inject(child), FRAME_INJECT_TIMEOUT_MS);
      nested.push(await partials(child, frameContext, options, false));
    } catch {
      nested.push([null]);
    }
  }
  try {
    return [await own, ...nested.flat(1)];
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

/** Every violation axe finds on the page as it is now, its frames included. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const runOptions = { ...options, resultTypes: ['violations'] };
  await inject(page.mainFrame());
  const results =
    page.frames().length === 1
      ? await page.evaluate((opts) => (window as unknown as AxeWindow).axe.run(document, opts), runOptions)
      : await inFrames(page, runOptions);
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((node) => JSON.stringify(node.target)),
  }));
}

async function inFrames(page: Page, options: AxeOptions): Promise<{ violations: RawViolation[] }> {
  const found = await partials(page.mainFrame(), { include: [], exclude: [] }, options, true);
  return page.evaluate(({ list, opts }) => (window as unknown as AxeWindow).axe.finishRun(list, opts), {
    list: found,
    opts: options,
  });
}

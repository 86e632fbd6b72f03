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
    configure: (spec: { rules: { id: string; selector: string }[] }) => void;
    reset: () => void;
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

/**
 * Every violation axe finds on the page as it is now, its frames included. With `contrastIn` (selectors), colour
 * contrast is checked only in the elements they match and in what those hold, in the same run (the rule's selector
 * is set for the run and reset after it): for a page without frames.
 */
export async function axeViolations(
  page: Page,
  options: AxeOptions = {},
  contrastIn?: readonly string[],
): Promise<AxeViolation[]> {
  const runOptions = { ...options, resultTypes: ['violations'] };
  await inject(page.mainFrame());
  if (contrastIn && page.frames().length !== 1) throw new Error('axe: contrast in parts of a page with frames');
  const results =
    page.frames().length === 1
      ? await page.evaluate(
          async ({ opts, parts }) => {
            const { axe } = window as unknown as AxeWindow;
            if (parts === null) return axe.run(document, opts);
            const selector = parts.flatMap((part) => [part, `${part} *`]).join(', ');
            axe.configure({ rules: [{ id: 'color-contrast', selector }] });
            try {
              return await axe.run(document, opts);
            } finally {
              axe.reset();
            }
          },
          { opts: runOptions, parts: contrastIn ? [...contrastIn] : null },
        )
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

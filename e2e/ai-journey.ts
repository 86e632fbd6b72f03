import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './api.ts';
import type { ApiSession } from './contents-api.ts';
import { expectNoSeriousA11yViolations, saveScreenshot } from './harness/browser.ts';
import { openPage, type Suite, testId } from './harness/fixtures.ts';

/**
 * What the AI options' browser journeys share (issue 23): a Japanese phone page, the check of each new state
 * (screenshot, axe, no side scroll), the wait for an AI action's run to end, the statuses an action showed on the
 * way, and the server's reads the journeys hold the screen to.
 */

export const PHONE = { width: 390, height: 844 } as const;

/** A page in Japanese at the phone's size. */
export async function phonePage(suite: Suite): Promise<Page> {
  const { page } = await openPage(suite, 'ja-JP');
  await page.setViewportSize(PHONE);
  return page;
}

/** A state the dealer reaches: its screenshot (test-results/e2e/), axe, and on a phone no sideways scroll. */
export async function checkState(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name);
  await expectNoSeriousA11yViolations(page);
  const wide = page.viewportSize()?.width ?? 0;
  if (wide <= PHONE.width) {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(1);
  }
}

/** Waits for an AI action's latest run (its `data-status`) to end as it should. */
export async function actionEnded(page: Page, action: string, status = 'succeeded'): Promise<void> {
  await expect.poll(() => testId(page, action).getAttribute('data-status'), { timeout: 90_000 }).toBe(status);
}

/**
 * Records every `data-status` the page's AI actions take from now on (an action's run going queued, running,
 * ended), so a journey can tell the dealer was shown the run while it went, however quickly it ended.
 */
export async function watchActionStatuses(page: Page): Promise<(action: string) => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __aiStatuses: string[] }).__aiStatuses = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const element = change.target as Element;
        seen.push(`${element.getAttribute('data-testid')}=${element.getAttribute('data-status')}`);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
  });
  return async (action) => {
    const seen = await page.evaluate(() => (window as unknown as { __aiStatuses: string[] }).__aiStatuses);
    return seen.filter((s) => s.startsWith(`${action}=`)).map((s) => s.slice(action.length + 1));
  };
}

/** Presses an AI action's button; its run is shown going (queued or running), then ends as it should. */
export async function runAction(page: Page, action: string, status = 'succeeded'): Promise<void> {
  const seen = await watchActionStatuses(page);
  await testId(page, `${action}-start`).click();
  await actionEnded(page, action, status);
  expect(await seen(action)).toEqual(expect.arrayContaining([expect.stringMatching(/^(queued|running)$/)]));
}

type Renditions = Record<string, { jpeg: string }>;
export interface ExteriorRead {
  initial_angle: string;
  groups: {
    sheets: {
      id: string;
      edit_kind: string | null;
      image: { renditions: Renditions };
      original: { renditions: Renditions } | null;
    }[];
  }[];
}

/** The vehicle's exterior as the content API answers it. */
export async function exteriorOf(suite: Suite, session: ApiSession, vehicleId: string): Promise<ExteriorRead> {
  return (await api(`${suite.server.baseUrl}/api/browser/v0/exterior/${vehicleId}`, session.content))
    .data as ExteriorRead;
}

/** The ids of the opening row's frames in their order. */
export async function frameIdsOf(suite: Suite, session: ApiSession, vehicleId: string): Promise<string[]> {
  return (await exteriorOf(suite, session, vehicleId)).groups[0]?.sheets.map((s) => s.id) ?? [];
}

/** A media file the API answered, read as the browser reads it. */
export async function mediaBytes(suite: Suite, href: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(new URL(href, suite.server.baseUrl))).arrayBuffer());
}

/** The distance between two frame places of a spin of `n` frames, the short way round. */
export const roundDistance = (a: number, b: number, n: number): number =>
  Math.min(Math.abs(a - b), n - Math.abs(a - b));

import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, skipBrowserTests } from './harness/browser.ts';
import { expectPath, openPage, requestAccessToken, signInWithForm, testId, useSuite } from './harness/fixtures.ts';

const USER = { email: 'one-device@example.com', password: 'One-device-2025' };

async function post(url: string, init: { token?: string; json?: unknown; form?: Record<string, string> }) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await fetch(url, { method: 'POST', headers, body: body ?? null });
  return { status: response.status, data: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

// The simultaneous-login limit (first document section 4, answer 201): the device list, logging one out (saved
// images are not affected), then continuing to sign in.
describe.skipIf(skipBrowserTests)('login device limit', () => {
  const suite = useSuite();

  it('lists the signed-in devices, logs the suggested one out and continues to /top', async () => {
    const { baseUrl } = suite.server;
    // An admin allowed one device at a time, made by the master user.
    const master = await requestAccessToken(suite);
    const created = await post(`${baseUrl}/v1/subordinates`, {
      token: master,
      json: { ...USER, privilege_type: 'admin', name: 'One Device', login_limit_count: 1 },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);

    // Signed in elsewhere already.
    const other = await post(`${baseUrl}/v1/auth/token`, {
      form: { grant_type: 'password', username: USER.email, password: USER.password, device: 'Safari on iOS' },
    });
    expect(other.status).toBe(200);
    const otherToken = String(other.data?.access_token);

    const { page } = await openPage(suite, 'en-US');
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(USER.email);
    await page.locator('input[name="password"]').fill(USER.password);
    await page.locator('button[type="submit"]').click();
    const panel = testId(page, 'device-limit');
    await panel.waitFor({ state: 'visible' });
    expect(await panel.textContent()).toContain('does not affect your saved images');
    const suggested = page.locator('[data-testid="device-row"][data-suggested="true"]');
    await suggested.waitFor({ state: 'visible' });
    expect(await suggested.textContent()).toContain('Safari on iOS');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);

    await suggested.locator('[data-testid="device-logout"]').click();
    await testId(page, 'device-logged-out').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('[data-testid="device-row"]').count()).toBe(0);
    await testId(page, 'device-limit-continue').click();
    await expectPath(page, '/top');
    await testId(page, 'topbar').waitFor({ state: 'visible' });

    // The other device's session has ended.
    const profile = await fetch(`${baseUrl}/v1/profile`, { headers: { authorization: `Bearer ${otherToken}` } });
    expect(profile.status).toBe(401);

    // The management screen shows this device, which signs out with the normal sign-out.
    await page.goto('/account/devices');
    const rows = page.locator('[data-testid="device-row"]');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-current')).toBe('true');
    expect(await rows.first().locator('[data-testid="device-logout"]').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
  });

  it('logs another device out from /account/devices', async () => {
    const { page } = await openPage(suite, 'en-US');
    const other = await post(`${suite.server.baseUrl}/v1/auth/token`, {
      form: {
        grant_type: 'password',
        username: suite.server.adminEmail,
        password: suite.server.adminPassword,
        device: 'Firefox on Linux',
      },
    });
    expect(other.status).toBe(200);
    await signInWithForm(page, suite.server.adminEmail, suite.server.adminPassword);
    await page.goto('/account/devices');
    const others = page.locator('[data-testid="device-row"][data-current="false"]');
    await expect.poll(() => others.count()).toBeGreaterThan(0);
    const before = await others.count();
    await others.filter({ hasText: 'Firefox on Linux' }).first().locator('[data-testid="device-logout"]').click();
    await expect.poll(() => others.count()).toBe(before - 1);
    const profile = await fetch(`${suite.server.baseUrl}/v1/profile`, {
      headers: { authorization: `Bearer ${String(other.data?.access_token)}` },
    });
    expect(profile.status).toBe(401);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

/**
 * Tenant isolation must hold for every route, not just the ones someone remembered: each signed-in route the
 * server documents at /docs must be tried by another tenant's user in one of the isolation tests below (found by
 * its path in their source). A new route fails here until an isolation test tries it.
 */

const testDir = path.dirname(fileURLToPath(import.meta.url));
const ISOLATION_TESTS = [
  'users/isolation.test.ts',
  'tenancy/isolation.test.ts',
  'auth/isolation.test.ts',
  'contents/isolation.test.ts',
  'contents/list-isolation.test.ts',
  'contents/csv-isolation.test.ts',
  'contents/report-isolation.test.ts',
  'contents/process-isolation.test.ts',
  'uploads/tus.test.ts',
  // tus.test.ts's isolation tests send their requests through this client, which spells the paths.
  'uploads/tus-client.ts',
];

/** Every area's own isolation tests: any `*isolation*.test.ts` under an area folder counts too. */
function isolationTests(): string[] {
  const found = readdirSync(testDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /isolation[^/]*\.test\.ts$/.test(file) && !file.endsWith('isolation-coverage.test.ts'),
  );
  return [...new Set([...ISOLATION_TESTS, ...found])];
}

/**
 * Signed-in routes that act only on the caller (or, for master, everything by design) and so cannot reach
 * another tenant by a parameter; each with the reason.
 */
const NO_TENANT_PARAMETER: Record<string, string> = {
  'GET /v1/payment-status': "the caller's own payment state",
  'GET /v1/contents-service': "the caller's own service flags",
  'GET /v1/app-management': "the caller's own app settings",
  'POST /v1/auth/token/two-step': "finishes the caller's own held sign-in",
  'GET /v1/subordinates-template': 'the same CSV template for everyone',
  'GET /v1/image-system-user': "the caller's own image-system settings",
  'POST /v1/image-system-user': "the caller's own image-system settings",
  'POST /api/browser/v0/texttoaudio/preview': 'speaks the text sent, reads no stored data',
  'GET /api/browser/v0/texttoaudio/voices': 'the same voice list for everyone',
};

const t = useTestApp();

interface Operation {
  security?: unknown[];
}

/** `/v1/branches/{id}` → a pattern that finds `/v1/branches/${branchA}` or `/v1/branches/12` in test source. */
function sourcePattern(openApiPath: string): RegExp {
  const escaped = openApiPath
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('(?:\\$\\{[^}]+\\}|[^/\'"`\\s?]+)');
  return new RegExp(`['"\`]${escaped}(?:[?'"\`]|\\$\\{)`);
}

describe('tenant isolation tests cover every signed-in route', () => {
  it('finds each signed-in route of /docs in an isolation test', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const sources = isolationTests()
      .map((file) => readFileSync(path.join(testDir, file), 'utf8'))
      .join('\n');

    const signedIn = Object.entries(paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => (op.security?.length ?? 0) > 0)
        .map(([method]) => ({ route, method: method.toUpperCase() })),
    );
    expect(signedIn.length).toBeGreaterThan(40);
    // An exemption for a route that no longer exists would silently exempt a new one of the same name later.
    const documented = new Set(signedIn.map(({ route, method }) => `${method} ${route}`));
    expect(Object.keys(NO_TENANT_PARAMETER).filter((key) => !documented.has(key))).toEqual([]);

    const uncovered = signedIn
      .filter(({ route, method }) => !(`${method} ${route}` in NO_TENANT_PARAMETER))
      .filter(({ route }) => !sourcePattern(route).test(sources))
      .map(({ route, method }) => `${method} ${route}`);
    expect(uncovered).toEqual([]);
  });

  it('matches test source the way the isolation tests write paths', () => {
    const pattern = sourcePattern('/v1/branches/{id}');
    const templated = ['call(app, token, ', "'GET', `/v1/branches/$", '{branchA}`)'].join('');
    expect(pattern.test(templated)).toBe(true);
    expect(pattern.test("call(app, token, 'GET', '/v1/branches/12')")).toBe(true);
    expect(pattern.test("call(app, token, 'GET', '/v1/branches')")).toBe(false);
  });
});

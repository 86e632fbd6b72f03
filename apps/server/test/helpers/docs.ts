import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Checks that /docs holds each `[path, method]` (under `prefix`) with at least one documented answer. */
export async function expectDocumented(
  app: FastifyInstance,
  prefix: string,
  expected: readonly (readonly [string, string])[],
): Promise<void> {
  const res = await app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, { responses?: object }>>;
  for (const [path, method] of expected) {
    const operation = paths[`${prefix}${path}`]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).length, `${method} ${path} answers`).toBeGreaterThan(0);
  }
}

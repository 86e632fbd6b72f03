import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { domainBody, type SignedInUser } from '../helpers/factory.ts';
import { call } from '../helpers/http.ts';

/** Registers a domain as master through the API (201 or the test fails), with `overrides` on the factory's body. */
export async function createDomain(t: TestApp, master: SignedInUser, overrides: Record<string, unknown> = {}) {
  const body = domainBody(overrides);
  const res = await call(t.app, master.token, 'POST', '/v1/domain', body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, domain: res.json() };
}

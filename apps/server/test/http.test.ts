import { errorBody, errorCodeForMessage } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

const t = useTestApp();

/** A sign-in request with the given body, sent as `contentType` when one is named (else as the payload's own). */
const postToken = (payload: string | Record<string, unknown>, contentType?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/token',
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    payload,
  });

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe('GET /v1/companycode/{host}', () => {
  it("answers a tenant host's company code and service name, and 0006 without a name for any other host", async () => {
    await t.make.tenant({ host: 'bikes.example.test', companyCode: '0016', serviceName: 'Dealer' });
    const tenant = { company_code: '0016', service_name: 'Dealer', has_logo: false };
    // The product's logo is a default asset: it always exists.
    const other = { company_code: '0006', service_name: '', has_logo: true };
    expect((await t.app.inject('/v1/companycode/bikes.example.test')).json()).toEqual(tenant);
    expect((await t.app.inject('/v1/companycode/BIKES.example.test:8443')).json()).toEqual(tenant);
    expect((await t.app.inject('/v1/companycode/unknown.example.test')).json()).toEqual(other);
    expect((await t.app.inject('/v1/companycode/%3Cscript%3E')).json()).toEqual(other);
  });
});

describe('GET /v1/payment-status', () => {
  it('is true for a paid-up user and false once a payment failed', async () => {
    const user = await t.make.signedIn();
    const ask = () => t.app.inject({ url: '/v1/payment-status', headers: user.headers });
    expect((await ask()).json()).toEqual({ is_payment: true });
    await t.make.update.user(user.id, { payment_failed_at: new Date() });
    expect((await ask()).json()).toEqual({ is_payment: false });
  });
});

describe('the error shape', () => {
  it('answers unknown API routes and methods with a 404 carrying the catalogue message, which the console translates', async () => {
    const res = await t.app.inject('/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody('not_found'));
    const method = await t.app.inject({ method: 'PATCH', url: '/v1/auth/token' });
    expect(method.statusCode).toBe(404);
    expect(errorCodeForMessage(method.json().error.user_message)).toBe('not_found');
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const res = await postToken('{"username": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('answers a field of the wrong type with a 422 naming the field and the rule', async () => {
    const res = await postToken({ username: 42, password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toEqual([expect.objectContaining({ field: 'username', rule: 'format' })]);
  });

  it('answers an unsupported content type with a 415', async () => {
    const res = await postToken('<a/>', 'text/xml');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });
});

describe('OpenAPI', () => {
  it('describes every route with its schemas at /docs/json', async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/v1/auth/token', '/v1/auth/token/revoke', '/v1/profile', '/v1/companycode/{host}']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.paths['/v1/auth/token'].post.requestBody).toBeDefined();
    expect(doc.paths['/v1/profile'].get.responses['200']).toBeDefined();
  });

  it('serves the reference page at /docs', async () => {
    const res = await t.app.inject('/docs');
    expect([200, 302]).toContain(res.statusCode);
  });
});

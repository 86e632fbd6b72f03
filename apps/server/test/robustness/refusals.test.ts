import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

/**
 * The cases issue 7 found answering 500 or Fastify's own shape, one by one: each must be a 4xx in the product's
 * error shape with the catalogue code that says what was wrong.
 */
const t = useTestApp();

/** The app on a real socket (once per file): Node's HTTP parser refuses some requests before Fastify sees them. */
async function listening(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

function errorOf(res: { statusCode: number; json(): unknown }) {
  return { status: res.statusCode, error: (res.json() as { error: Record<string, unknown> }).error };
}

describe('ids beyond bigint', () => {
  it.each([
    '/v1/subordinates/9999999999999999999',
    '/v1/domain/9999999999999999999',
    '/v1/headquarters/9999999999999999999',
  ])('%s is a 422 naming the id', async (url) => {
    const master = await t.make.master();
    const res = await t.app.inject({ url, headers: master.headers });
    expect(errorOf(res)).toMatchObject({
      status: 422,
      error: { code: 'validation_failed', fields: [{ field: 'id', rule: 'format' }] },
    });
  });

  it('the largest bigint is a well-formed id: 404 when no row has it', async () => {
    const master = await t.make.master();
    const res = await t.app.inject({ url: '/v1/subordinates/9223372036854775807', headers: master.headers });
    expect(errorOf(res)).toMatchObject({ status: 404, error: { code: 'not_found' } });
  });
});

describe('NUL characters', () => {
  it.each([
    ['/v1/domain/search/%00', 'q'],
    ['/v1/domain/code/%00', 'company_code'],
    ['/v1/subordinates/search/a%00b', 'q'],
    ['/v1/subordinates?q=%00', 'q'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const master = await t.make.master();
    const res = await t.app.inject({ url, headers: master.headers });
    expect(errorOf(res)).toMatchObject({
      status: 400,
      error: { code: 'invalid_characters', fields: [{ field, rule: 'no_control_characters' }] },
    });
  });

  it('refuses a NUL in a JSON body, naming the nested field, and changes nothing', async () => {
    const user = await t.make.signedIn({ name: 'Before' });
    const profile = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: user.headers,
      payload: { name: 'a\u0000b' },
    });
    expect(errorOf(profile)).toMatchObject({
      status: 400,
      error: { code: 'invalid_characters', fields: [{ field: 'name', rule: 'no_control_characters' }] },
    });
    const row = await t.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Before');

    const master = await t.make.master();
    const nested = await t.app.inject({
      method: 'POST',
      url: '/v1/domain',
      headers: master.headers,
      payload: { host: 'nul.example.test', super_user: { email: 'x@example.test', name: 'x\u0000' } },
    });
    expect(errorOf(nested)).toMatchObject({
      status: 400,
      error: { code: 'invalid_characters', fields: [{ field: 'super_user.name' }] },
    });
  });
});

describe('framework refusals in the error shape', () => {
  it('an over-long path parameter is 414 uri_too_long', async () => {
    const res = await t.app.inject(`/v1/companycode/${'x'.repeat(100_000)}`);
    expect(errorOf(res)).toMatchObject({ status: 414, error: { code: 'uri_too_long' } });
  });

  it('a broken percent-encoding is 400 bad_request', async () => {
    const res = await t.app.inject('/v1/companycode/%E0%A4%A');
    expect(errorOf(res)).toMatchObject({ status: 400, error: { code: 'bad_request' } });
  });

  it('broken and empty JSON are 400 invalid_json', async () => {
    for (const payload of ['{"grant_type":', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(errorOf(res)).toMatchObject({ status: 400, error: { code: 'invalid_json' } });
    }
  });

  it('a 3 MB body is 413, an unknown content type 415, an unknown route or method 404', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(errorOf(big)).toMatchObject({ status: 413, error: { code: 'payload_too_large' } });
    const type = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      headers: { 'content-type': 'application/x-fuzz' },
      payload: 'x',
    });
    expect(errorOf(type)).toMatchObject({ status: 415, error: { code: 'unsupported_media_type' } });
    const method = await t.app.inject({ method: 'PATCH', url: '/v1/auth/token' });
    expect(errorOf(method)).toMatchObject({ status: 404, error: { code: 'not_found' } });
  });

  it('an address over the HTTP parser limit is 431 headers_too_large, over a real socket', async () => {
    const port = await listening();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/v1/domain/search/${'x'.repeat(20_000)}` }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'headers_too_large' } });
  });

  it('a request the HTTP parser cannot read is 400 bad_request, over a real socket', async () => {
    const port = await listening();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: { code: 'bad_request' } });
  });
});

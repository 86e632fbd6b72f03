import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('/docs', () => {
  it('documents every tenancy route with its request and answer shapes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
    const expected: [string, string][] = [
      ['/v1/domain', 'get'],
      ['/v1/domain', 'post'],
      ['/v1/domain/search/{q}', 'get'],
      ['/v1/domain/duplicate-check/{host}', 'get'],
      ['/v1/domain/max-contents/{id}', 'get'],
      ['/v1/domain/code/{company_code}', 'get'],
      ['/v1/domain/{id}', 'get'],
      ['/v1/domain/{id}', 'post'],
      ['/v1/domain/{id}', 'delete'],
      ['/v1/domain/{id}/logo', 'post'],
      ['/v1/domain/{id}/splash', 'post'],
      ['/v1/domain/{id}/round-logo', 'post'],
      ['/v1/domain-update', 'post'],
      ['/v1/headquarters', 'get'],
      ['/v1/headquarters', 'post'],
      ['/v1/headquarters/{id}', 'get'],
      ['/v1/headquarters/{id}', 'post'],
      ['/v1/branches', 'get'],
      ['/v1/branches', 'post'],
      ['/v1/branches/{id}', 'get'],
      ['/v1/branches/{id}', 'post'],
      ['/v1/companyinfo', 'get'],
      ['/v1/company', 'post'],
      ['/v1/company/logo', 'post'],
      ['/v1/company/logo', 'delete'],
    ];
    for (const [path, method] of expected) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(1);
      if (method === 'post') expect(operation?.requestBody, path).toBeDefined();
    }
    const create = JSON.stringify(paths['/v1/domain']?.post?.requestBody);
    for (const field of ['host', 'company_code', 'super_user', 'vehicle_limit', 'host_flags']) {
      expect(create).toContain(field);
    }
  });
});

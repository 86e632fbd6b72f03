import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('/docs', () => {
  // Issue 22's "done when": the listing calls of the spec's list (second document, section 7) and the two others.
  it('documents every listing call, /usergroups and /subdomain with their answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses?: object }>>;
    const api = '/api/browser/v0';
    const expected: [string, string][] = [
      ['/cs/login', 'post'],
      ['/cs/logout', 'post'],
      ['/cs/client-info', 'get'],
      ['/cs/bukken', 'get'],
      ['/cs/contents/register', 'post'],
      ['/cs/contents/unregister', 'post'],
      ['/cs/corporate-list', 'get'],
      ['/cs/report/aggregate', 'get'],
      ['/cs/log', 'get'],
      ['/cs/all', 'get'],
      ['/cs/latest', 'get'],
      ['/users/cs_autojoin', 'post'],
      ['/contents-report/log', 'get'],
      ['/usergroups', 'get'],
      ['/subdomain', 'get'],
      ['/subdomain', 'post'],
    ];
    for (const [path, method] of expected) {
      const operation = paths[`${api}${path}`]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}).length, `${method} ${path} answers`).toBeGreaterThan(0);
    }
  });
});

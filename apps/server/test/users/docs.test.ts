import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('/docs', () => {
  it('describes every route of the users area', async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/v1/subordinates', 'get'],
      ['/v1/subordinates', 'post'],
      ['/v1/subordinates/search/{q}', 'get'],
      ['/v1/subordinates/{id}', 'get'],
      ['/v1/subordinates/{id}', 'post'],
      ['/v1/subordinates/{id}', 'delete'],
      ['/v1/subordinates/{id}/status', 'post'],
      ['/v1/subordinates-delete', 'delete'],
      ['/v1/subordinates-template', 'get'],
      ['/v1/subordinates-upload', 'post'],
      ['/v1/users', 'get'],
      ['/v1/privilege-type-change/{id}', 'post'],
      ['/v1/superusers', 'get'],
      ['/v1/superusers', 'post'],
      ['/v1/superusers/{id}', 'get'],
      ['/v1/superusers/{id}', 'post'],
      ['/v1/superusers-user', 'get'],
      ['/v1/superusers/cancel/{id}', 'post'],
      ['/v1/superusers-create', 'post'],
      ['/v1/groups', 'get'],
      ['/v1/groups', 'post'],
      ['/v1/groups/search/{q}', 'get'],
      ['/v1/groups/{id}', 'get'],
      ['/v1/groups/{id}', 'post'],
      ['/v1/groups/{id}', 'delete'],
      ['/v1/groups/{id}/members', 'get'],
      ['/v1/groups/{id}/members', 'post'],
      ['/v1/image-system-user', 'get'],
      ['/v1/image-system-user', 'post'],
      ['/v1/image-system-user/{id}', 'get'],
      ['/v1/image-system-user/{id}', 'post'],
      ['/v1/app-management', 'get'],
      ['/v1/user-configuration/{id}', 'get'],
      ['/v1/user-configuration/{id}', 'post'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // Request bodies are documented from the zod schemas.
    const create = paths['/v1/subordinates']?.post as { requestBody?: unknown } | undefined;
    expect(create?.requestBody).toBeDefined();
  });
});

import { describe, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { expectDocumented } from '../helpers/docs.ts';

const t = useTestApp();

describe('/docs', () => {
  // Issue 22's "done when": the listing calls of the spec's list (second document, section 7) and the two others.
  it('documents every listing call, /usergroups and /subdomain with their answers', async () => {
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
      ['/cs/report/all', 'get'],
      ['/cs/report/all/csv', 'get'],
      ['/cs/report/accounts', 'get'],
      ['/cs/report/criteo', 'get'],
      ['/cs/report/criteo/csv', 'get'],
      ['/users/cs_autojoin', 'post'],
      ['/contents-report/log', 'get'],
      ['/usergroups', 'get'],
      ['/subdomain', 'get'],
      ['/subdomain', 'post'],
    ];
    await expectDocumented(t.app, '/api/browser/v0', expected);
  });
});

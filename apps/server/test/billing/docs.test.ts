import { describe, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { expectDocumented } from '../helpers/docs.ts';

const t = useTestApp();

describe('/docs', () => {
  // Issue 19's "done when": the 13 billing calls of the spec's list (second document, section 7: "/plans (create,
  // list); /plan/{id} (read, update, delete); POST /subscription; /credit-cards (create, list); GET /card-token;
  // GET invoice, /details, /detail-all, /customers"), then /contact and /usage-quota.
  it('documents the 13 billing calls of the spec, /contact and /usage-quota with their answers', async () => {
    const spec: [string, string][] = [
      ['/plans', 'post'],
      ['/plans', 'get'],
      ['/plan/{id}', 'get'],
      ['/plan/{id}', 'post'],
      ['/plan/{id}', 'delete'],
      ['/subscription', 'post'],
      ['/credit-cards', 'post'],
      ['/credit-cards', 'get'],
      ['/card-token', 'get'],
      ['/invoice', 'get'],
      ['/details/{id}', 'get'],
      ['/detail-all', 'get'],
      ['/customers', 'get'],
      ['/contact', 'post'],
      ['/usage-quota', 'get'],
    ];
    // And the calls the billing screens make beyond the spec's list.
    const ours: [string, string][] = [
      ['/plans/offered', 'get'],
      ['/subscription', 'get'],
      ['/subscription/confirm', 'post'],
      ['/subscription/cancel', 'post'],
      ['/invoice/csv', 'get'],
      ['/invoice/{id}/pdf', 'get'],
      ['/payment-status', 'get'],
    ];
    await expectDocumented(t.app, '/v1', [...spec, ...ours]);
  });
});

import { describe, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { expectDocumented } from '../helpers/docs.ts';

const t = useTestApp();

describe('/docs', () => {
  // The spec's negotiation calls (second document, section 7): the two browser groups, the business card, and the
  // remote-meeting API (meetings with their rooms, users and documents; the token exchange).
  it('documents every negotiation call with its answers', async () => {
    const expected: [string, string][] = [
      ['/api/browser/v0/web_negotiation_group', 'get'],
      ['/api/browser/v0/web_negotiation_group', 'post'],
      ['/api/browser/v0/web_negotiation_group/{id}', 'get'],
      ['/api/browser/v0/web_negotiation_group/{id}', 'post'],
      ['/api/browser/v0/web_negotiation_group/{id}', 'delete'],
      ['/api/browser/v0/web_negotiation_groupcontents/{id}', 'get'],
      ['/api/browser/v0/web_negotiation_groupcontents/{id}', 'post'],
      ['/api/browser/v0/meeting-documents/user-profile', 'get'],
      ['/api/browser/v0/meeting-documents/user-profile', 'post'],
      ['/api/browser/v0/meeting-documents/user-profile', 'delete'],
      ['/api/meeting/v0/token', 'post'],
      ['/api/meeting/v0/meetings/{id}', 'get'],
      ['/api/meeting/v0/meetings/{id}/rooms', 'get'],
      ['/api/meeting/v0/meetings/{id}/users', 'get'],
      ['/api/meeting/v0/meetings/{id}/documents/{document_id}', 'get'],
    ];
    await expectDocumented(t.app, '', expected);
  });
});

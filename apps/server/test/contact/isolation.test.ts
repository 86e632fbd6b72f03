import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { call } from '../helpers/http.ts';
import { mailsTo } from '../helpers/mail.ts';

/**
 * Tenant isolation of the contact form: `/v1/contact` takes no id; whoever sends it, the operator's mail names the
 * sender's own account and the copy goes to the sender, never to another tenant's user.
 */

const t = useTestApp({ operatorEmail: 'operator@spinyard.test' });

describe('contact isolation', () => {
  it("names only the caller's own account, and copies only the caller", async () => {
    const a = await t.make.signedIn({ privilege_type: 'super' });
    const b = await t.make.signedIn({ privilege_type: 'super' });
    const res = await call(t.app, b.token, 'POST', '/v1/contact', {
      inquiry_type: 'other',
      subject: `About ${a.email}`,
      body: `user ${a.id}`,
    });
    expect(res.json().copy_to).toBe(b.email);
    expect(await mailsTo(t.mailDir, a.email)).toEqual([]);
    const [operator] = await mailsTo(t.mailDir, 'operator@spinyard.test');
    expect(operator?.text).toContain(`User id: ${b.id}`);
    expect(operator?.text).toContain(`Domain: ${b.host}`);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import type { SignedInUser } from '../helpers/factory.ts';
import { callerOf } from '../helpers/isolation.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { png } from '../helpers/pictures.ts';

/**
 * Tenant isolation of the custom design: its routes act on the caller's own domain only, so another tenant's users
 * (super, admin, normal) saving colours and icons change their own domain's design, never company A's.
 */

const t = useTestApp();
let superA: SignedInUser;
let others: SignedInUser[];

const as = callerOf(t);

const coloursA = { accent: '#111111', hotspot: '#222222', panel: '#ffffff', panel_text: '#000000' };

beforeAll(async () => {
  const tenantA = await t.make.tenant({ options: { hotspot_browser: true } });
  superA = await t.make.signedIn({ tenant: tenantA, privilege_type: 'super' });
  const tenantB = await t.make.tenant({ options: { hotspot_browser: false, hotspot_app: true } });
  const superB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'super' });
  const adminB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'admin' });
  const normalB = await t.make.signedIn({ tenant: tenantB, privilege_type: 'normal', parent_user_id: adminB.id });
  others = [superB, adminB, normalB];
  await as(superA, { method: 'POST', url: `/api/browser/v0/custom_design`, payload: { colours: coloursA } });
  await as(superA, {
    method: 'POST',
    url: `/api/browser/v0/custom_design/icon/standard`,
    ...multipartFile(await png(80, 80), 'a.png', 'image/png'),
  });
});

describe('custom design isolation', () => {
  it("leaves company A's design as it was whatever another tenant's users do", async () => {
    const before = (await as(superA, { method: 'GET', url: `/api/browser/v0/custom_design` })).json();
    expect(before.icons.standard).not.toBeNull();
    for (const who of others) {
      const seen = await as(who, { method: 'GET', url: `/api/browser/v0/custom_design` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().colours).not.toEqual(coloursA);
      expect(seen.json().icons.standard).toBeNull();
      await as(who, {
        method: 'POST',
        url: `/api/browser/v0/custom_design`,
        payload: { colours: { ...coloursA, accent: '#abcdef' } },
      });
      await as(who, {
        method: 'POST',
        url: `/api/browser/v0/custom_design/icon/standard`,
        ...multipartFile(await png(40, 40), 'b.png', 'image/png'),
      });
      await as(who, { method: 'DELETE', url: `/api/browser/v0/custom_design/icon/standard` });
    }
    expect((await as(superA, { method: 'GET', url: `/api/browser/v0/custom_design` })).json()).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { contentApi } from './content-api.ts';

/**
 * A list row says whether the vehicle's limited password is on, since that decides where publishing leads: the
 * console offers "publish as limited public" for such a row and plain "publish" otherwise.
 */

const t = useTestApp();

describe('limited publication in the list', () => {
  it('answers limited_password_enabled per row, and publishing leads where it says', async () => {
    const dealer = await t.make.signedIn();
    const api = contentApi(t.app, dealer);
    const [limited] = await t.make.vehicles(dealer, {
      fields: { has_exterior: true, limited_password_enabled: true, limited_password: 'buyers', maker: 'Limited' },
    });
    const [open] = await t.make.vehicles(dealer, { fields: { has_exterior: true, maker: 'Open' } });
    const list = await api.get('/contents?limit=10');
    expect(list.statusCode).toBe(200);
    const rows = list.json().items as { id: string; limited_password_enabled: boolean }[];
    expect(rows.find((r) => r.id === limited)?.limited_password_enabled).toBe(true);
    expect(rows.find((r) => r.id === open)?.limited_password_enabled).toBe(false);
    // The password itself never leaves the server.
    expect(list.body).not.toContain('buyers');

    expect((await api.post(`/contents/public/${limited}`)).json().publication).toBe('limited_public');
    expect((await api.post(`/contents/public/${open}`)).json().publication).toBe('published');
  });
});

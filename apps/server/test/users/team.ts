import type { TestApp } from '../helpers/app.ts';

/** A tenant with a super user (signed in: `headers`), an admin and a normal user under that admin. */
export async function team(t: TestApp) {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin', car_limit: 50 });
  const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  return { tenant, sup, admin, normal, headers: (await t.make.session(sup)).headers };
}

/** A POST of `payload` to `url` under a session's `headers`. */
export const post = (t: TestApp, headers: { authorization: string }, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** The body of `POST /v1/subordinates` for a user with a good password. */
export const newUser = (email: string, privilege: 'admin' | 'normal', name: string, more = {}) => ({
  email,
  password: 'secret-pass-1',
  privilege_type: privilege,
  name,
  ...more,
});

import type { TestApp } from '../helpers/app.ts';

/** A tenant with a super user (signed in: `headers`), an admin and a normal user under that admin. */
export async function team(t: TestApp) {
  const tenant = await t.make.tenant();
  const sup = await t.make.user({ tenant, privilege_type: 'super' });
  const admin = await t.make.user({ tenant, privilege_type: 'admin', car_limit: 50 });
  const normal = await t.make.user({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  return { tenant, sup, admin, normal, headers: (await t.make.session(sup)).headers };
}

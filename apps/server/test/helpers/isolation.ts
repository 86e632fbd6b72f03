import type { InjectOptions } from 'fastify';
import type { TestApp } from './app.ts';
import type { DomainInput, SignedInUser } from './factory.ts';

/**
 * The company an isolation test builds twice (A and B): a super user, a normal user owning one vehicle and that
 * user's peer under the same admin, who does not see the vehicle. One frame so every area's isolation test asks
 * the same people the same question.
 */
export interface IsolationCompany {
  sup: SignedInUser;
  admin: SignedInUser;
  normal: SignedInUser;
  normalPeer: SignedInUser;
  car: string;
}

export async function isolationCompany(t: TestApp, options?: DomainInput['options']): Promise<IsolationCompany> {
  const tenant = await t.make.tenant(options ? { options } : {});
  const sup = await t.make.signedIn({ tenant, privilege_type: 'super' });
  const admin = await t.make.signedIn({ tenant, privilege_type: 'admin' });
  const normal = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const normalPeer = await t.make.signedIn({ tenant, privilege_type: 'normal', parent_user_id: admin.id });
  const [car] = await t.make.vehicles(normal);
  return { sup, admin, normal, normalPeer, car: car as string };
}

/** Calls to the app as `who`, with their content token (the browser API's bearer). */
export const callerOf = (t: TestApp) => (who: SignedInUser, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${who.contentToken}` } });

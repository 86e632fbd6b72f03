import type { PermissionActor, PermissionTarget } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { type CallerContext, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import type { UserRecord, UserScope } from './repo.ts';

/** The caller as this area needs them: the shared caller context and the SQL scope that matches canSeeUser. */
export interface ActorContext extends CallerContext {
  scope: UserScope;
}

/**
 * The SQL side of canSeeUser (packages/domain/src/permissions/scope.ts): master sees everyone; super every non-master user
 * of their domain; admin themself and the normal users under them; normal only themself. The services still run
 * the permission functions on every row they load, so the two are checked against each other in every request.
 */
export function scopeOf(p: PermissionActor): UserScope {
  switch (p.privilegeType) {
    case 'master':
      return { kind: 'all' };
    case 'super':
      return { kind: 'domain', domainId: p.domainId, selfId: p.id };
    case 'admin':
      return { kind: 'team', domainId: p.domainId, adminId: p.id };
    case 'normal':
      return { kind: 'self', userId: p.id };
  }
}

export async function loadActorContext(db: Db, actor: Actor): Promise<ActorContext> {
  const caller = await loadCaller(db, actor);
  return { ...caller, scope: scopeOf(caller.permission) };
}

export function targetOf(
  user: Pick<UserRecord, 'id' | 'privilege_type' | 'domain_id' | 'company_id' | 'parent_user_id'>,
): PermissionTarget {
  return {
    id: user.id,
    privilegeType: user.privilege_type,
    domainId: user.domain_id,
    companyId: user.company_id,
    parentUserId: user.parent_user_id,
  };
}

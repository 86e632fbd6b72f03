import { assertNever } from '../assert.ts';
import type { PrivilegeType } from '../roles.ts';
import { type Reach, reachOf } from './scope.ts';

/*
 * Web negotiations. The roles table has no row for them beyond the option condition `web_negotiation` (the menu
 * shows the screens only with it). Our reading (docs/decisions.md, "Web negotiation: meetings"): a meeting is seen
 * and changed as its host's vehicles are: master every meeting, super every meeting of the tenant, admin the
 * meetings hosted by the admin or the admin's normal users, normal the meetings they host. A meeting may be given
 * to a host the caller sees (an admin schedules for a salesperson); the option must be on for the caller's domain.
 */

export interface MeetingScopeActor {
  userId: string;
  domainId: string;
  privilegeType: PrivilegeType;
}

/** Whose meetings a caller sees, as the repository filters them: the vehicles' reach (a meeting is its host's). */
export type MeetingScope = Reach;

export function meetingScopeOf(actor: MeetingScopeActor): MeetingScope {
  return reachOf({ id: actor.userId, domainId: actor.domainId, privilegeType: actor.privilegeType });
}

/** Whether a host (a user of the tenant) is within the caller's scope: who may be given a meeting. */
export function canHostFor(
  actor: MeetingScopeActor,
  host: { id: string; domainId: string; parentUserId: string | null },
): boolean {
  const scope = meetingScopeOf(actor);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'domain':
      return host.domainId === scope.domainId;
    case 'team':
      return host.domainId === scope.domainId && (host.id === scope.adminId || host.parentUserId === scope.adminId);
    case 'self':
      return host.id === scope.userId;
    default:
      return assertNever(scope);
  }
}

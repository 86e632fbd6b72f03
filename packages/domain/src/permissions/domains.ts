import { check, type PermissionActor, type PermissionCheck } from './core.ts';

/** The operator's rows of the roles table (add plan, add domain, edit domain): master only. */
const masterOnly = (actor: PermissionActor): PermissionCheck => check(actor.privilegeType === 'master');

export function canAddPlan(actor: PermissionActor): PermissionCheck {
  return masterOnly(actor);
}

export function canAddDomain(actor: PermissionActor): PermissionCheck {
  return masterOnly(actor);
}

export function canEditDomain(actor: PermissionActor): PermissionCheck {
  return masterOnly(actor);
}

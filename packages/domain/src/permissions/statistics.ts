import { check, type PermissionActor, type PermissionCheck } from './core.ts';

/** Mail history needs the domain's `option_data`, for every role (the server gives master's own domain the option). */
export function canSeeMailHistory(actor: PermissionActor): PermissionCheck {
  return check(actor.domainOptions.option_data);
}

/** The statistics submenu (cs-chart-cl for listing-joined users; cs-chart, criteo and backups for master). */
export function canSeeStatisticsSubmenu(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType === 'master' || actor.csJoined);
}

/** The master's statistics entries (cs-chart, criteo chart, exterior backups): the product's operator only. */
export function canSeeMasterStatistics(actor: PermissionActor): PermissionCheck {
  return check(actor.privilegeType === 'master');
}

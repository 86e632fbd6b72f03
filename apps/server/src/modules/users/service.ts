import { type UsersServiceDeps, usersCore } from './core.ts';
import { privilegeService } from './privilege-service.ts';
import { registrationService } from './registration-service.ts';
import { subordinatesService } from './subordinates-service.ts';
import { superusersService } from './superusers-service.ts';

export type { SendActivation, UsersServiceDeps } from './core.ts';

/**
 * The users area's use cases, one file per concern: subordinates (admins and normal users), privilege change,
 * super users and self-registration; groups, CSV and settings have their own services. The routes take them as
 * one object.
 */
export function usersService(deps: UsersServiceDeps) {
  const core = usersCore(deps);
  return {
    context: core.context,
    ...subordinatesService(core),
    ...privilegeService(core),
    ...superusersService(core),
    ...registrationService(core),
  };
}

export type UsersService = ReturnType<typeof usersService>;

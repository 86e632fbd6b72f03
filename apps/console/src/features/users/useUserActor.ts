import type { PermissionActor } from '@spinyard/domain';
import { useProfile } from '../../api/profile.ts';
import { actorOf } from './userRules.ts';

/** The signed-in user as the permission functions see them; undefined while the profile loads. */
export function useUserActor(): PermissionActor | undefined {
  const profile = useProfile();
  return profile.data ? actorOf(profile.data) : undefined;
}

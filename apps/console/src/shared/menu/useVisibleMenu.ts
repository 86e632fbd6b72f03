import { type MenuEntry, visibleMenu } from '@spinyard/domain';
import { useMemo } from 'react';
import { useProfile } from '../../api/profile.ts';
import { menuContextOf } from './menuContext.ts';

/** The sidebar as the signed-in user sees it; undefined while the profile loads. */
export function useVisibleMenu(): MenuEntry[] | undefined {
  const profile = useProfile();
  return useMemo(() => (profile.data ? visibleMenu(menuContextOf(profile.data)) : undefined), [profile.data]);
}

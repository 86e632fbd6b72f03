import { Alert } from '@mantine/core';
import type { PrivilegeType } from '@spinyard/domain';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile.ts';
import { ListSkeleton } from './ListSkeleton.tsx';

/** Who a screen is for, and what the others read instead (a catalogue key). */
export interface RoleGate {
  roles: readonly PrivilegeType[];
  noticeKey: string;
  testId: string;
}

/**
 * A screen the menu shows to some roles only, opened by another (a link, a typed address): it says whose screen it
 * is instead of showing the server's refusal. The server refuses the calls all the same.
 */
export function RoleOnly({ roles, noticeKey, testId, children }: RoleGate & { children: ReactNode }) {
  const { t } = useTranslation();
  const role = useProfile().data?.user.privilege_type;
  if (role === undefined) return <ListSkeleton rows={3} height={32} />;
  if (!roles.includes(role)) {
    return (
      <Alert color="blue" icon={<IconLock aria-hidden />} data-testid={testId}>
        {t(noticeKey)}
      </Alert>
    );
  }
  return children;
}

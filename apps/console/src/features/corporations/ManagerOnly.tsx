import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile.ts';
import { ListSkeleton } from '../../components/ListSkeleton.tsx';

/**
 * The corporations, their locations, the billing report and the API keys are the domain's super's to manage (and
 * master's); the menu shows the screens to every user of the host in place of the account menu, so the other roles
 * are told who manages them instead of meeting a refusal.
 */
export function ManagerOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const role = useProfile().data?.user.privilege_type;
  if (role === undefined) return <ListSkeleton rows={3} height={32} />;
  if (role !== 'master' && role !== 'super') {
    return (
      <Alert color="blue" icon={<IconLock aria-hidden />} data-testid="corporations-manager-only">
        {t('corporations.managerOnly')}
      </Alert>
    );
  }
  return children;
}

/** A screen shown only to those who manage corporations (ManagerOnly around it). */
export function managerOnly(Screen: ComponentType): ComponentType {
  return function ManagerOnlyScreen() {
    return (
      <ManagerOnly>
        <Screen />
      </ManagerOnly>
    );
  };
}

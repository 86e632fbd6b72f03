import type { ComponentType, ReactNode } from 'react';
import { type RoleGate, RoleOnly } from '../../components/RoleOnly.tsx';

const MANAGERS: RoleGate = {
  roles: ['master', 'super'],
  noticeKey: 'corporations.managerOnly',
  testId: 'corporations-manager-only',
};

/**
 * The corporations, their locations, the billing report and the API keys are the domain's super's to manage (and
 * master's); the menu shows the screens to every user of the host in place of the account menu, so the other roles
 * are told who manages them instead of meeting a refusal.
 */
export function ManagerOnly({ children }: { children: ReactNode }) {
  return <RoleOnly {...MANAGERS}>{children}</RoleOnly>;
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

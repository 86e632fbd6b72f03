import type { ReactNode } from 'react';
import { type RoleGate, RoleOnly } from '../../components/RoleOnly.tsx';

const MASTER: RoleGate = { roles: ['master'], noticeKey: 'statistics.masterOnly', testId: 'statistics-master-only' };

/** The statistics submenu's master entries (the spec's submenu rule): others read whose screen it is. */
export function MasterOnly({ children }: { children: ReactNode }) {
  return <RoleOnly {...MASTER}>{children}</RoleOnly>;
}

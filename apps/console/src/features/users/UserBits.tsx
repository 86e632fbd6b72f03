import { Badge } from '@mantine/core';
import type { PrivilegeType, UserStatus } from '@spinyard/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  cancel_pending: 'orange',
  cancelled: 'red',
  expired: 'red',
  approval_pending: 'yellow',
};

const ROLE_COLORS: Record<PrivilegeType, string> = { master: 'grape', super: 'indigo', admin: 'blue', normal: 'teal' };

/**
 * Dark text whatever the colour: the pale hues' own text colour reads too faintly on their tint. A badge is never
 * narrower than its word: a table squeezing its column would otherwise cut "管理者" to "管." (it wraps the other
 * columns instead).
 */
function DarkTextBadge({
  color,
  variant,
  children,
}: {
  color: string;
  variant: 'light' | 'outline';
  children: ReactNode;
}) {
  return (
    <Badge
      color={color}
      variant={variant}
      radius="sm"
      styles={{ root: { minWidth: 'max-content' }, label: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {children}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <DarkTextBadge color={STATUS_COLORS[status]} variant="light">
      {t(`users.status.${status}`)}
    </DarkTextBadge>
  );
}

export function RoleBadge({ role }: { role: PrivilegeType }) {
  const { t } = useTranslation();
  return (
    <DarkTextBadge color={ROLE_COLORS[role]} variant="outline">
      {t(`roles.${role}`)}
    </DarkTextBadge>
  );
}

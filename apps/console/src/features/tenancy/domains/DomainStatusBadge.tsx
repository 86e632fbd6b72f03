import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DomainStatus } from '../../../api/domains.ts';

/** Active, or waiting for the nightly deletion. */
export function DomainStatusBadge({ status }: { status: DomainStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={status === 'deleting' ? 'orange' : 'green'}
      radius="sm"
      data-testid="domain-status"
      data-status={status}
    >
      {t(`domains.status.${status}`)}
    </Badge>
  );
}

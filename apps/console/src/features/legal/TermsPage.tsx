import { List, Stack, Text } from '@mantine/core';
import { CANCELLATION_NOTICE_MONTHS, LATE_FEE_ANNUAL_RATE, TAX_RATE } from '@spinyard/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useServiceName } from '../../shared/brand.ts';
import { AuthCard } from '../auth/AuthCard.tsx';

/** The points of the terms, in order; each is `terms.points.<id>`. */
export const TERMS_POINTS = ['service', 'account', 'billing', 'cancellation', 'data', 'changes'] as const;

/**
 * /terms: the terms of service a new customer accepts on /user/entry (the spec's "terms of service" screen, its
 * path ours). It states the contract rules the product enforces (monthly renewal, tax, late fee, cancellation a
 * month ahead with service to the term end, vehicles deleted after it) under the host's service name.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const service = useServiceName();
  const values = {
    service,
    tax: Math.round(TAX_RATE * 100),
    lateFee: (LATE_FEE_ANNUAL_RATE * 100).toFixed(1),
    months: CANCELLATION_NOTICE_MONTHS,
  };
  return (
    <AuthCard title={t('screens.terms')} width={720}>
      <Stack gap="md" data-testid="terms">
        <Text size="sm">{t('terms.intro', values)}</Text>
        <List type="ordered" spacing="sm" size="sm">
          {TERMS_POINTS.map((point) => (
            <List.Item key={point}>{t(`terms.points.${point}`, values)}</List.Item>
          ))}
        </List>
        <LinkButton to="/login" variant="light" icon={IconArrowLeft}>
          {t('common.backToLogin')}
        </LinkButton>
      </Stack>
    </AuthCard>
  );
}

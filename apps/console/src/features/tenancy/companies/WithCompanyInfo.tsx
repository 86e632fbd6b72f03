import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyInfo, useCompanyInfo } from '../../../api/companies.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';

/** The signed-in user's company for a page about it: a spinner until it comes, a retry if it could not be read. */
export function WithCompanyInfo({ children }: { children: (info: CompanyInfo) => ReactNode }) {
  const { t } = useTranslation();
  const info = useCompanyInfo();
  if (info.isPending) return <CenteredLoader />;
  if (info.isError) {
    return (
      <Stack align="center" py="xl">
        <Text>{t('companies.info.loadFailed')}</Text>
        <Button onClick={() => void info.refetch()} variant="light">
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  return children(info.data);
}

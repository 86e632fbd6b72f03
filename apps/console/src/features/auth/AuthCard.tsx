import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import type { CSSProperties, ReactNode } from 'react';
import { useCompanyCode } from '../../api/companyCode.ts';
import { CompanyLogo } from '../../components/CompanyLogo.tsx';
import { useServiceName } from '../../shared/brand.ts';
import { useDocumentTitle } from '../../shared/currentScreen.ts';

/**
 * The card every public screen sits in: the host's logo (white-label hosts show their own), the screen's
 * title as the page heading, an optional lead sentence, then the content.
 */
/**
 * A long title on a phone: balanced lines, broken between Japanese phrases (Chromium's auto-phrase), not one
 * character left alone (個人情報の取り扱いについ／て). The CSS types do not know auto-phrase yet.
 */
const TITLE_LINES = { textWrap: 'balance', wordBreak: 'auto-phrase' } as unknown as CSSProperties;

export function AuthCard({
  title,
  description,
  children,
  width = 440,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  width?: number;
}) {
  const companyCode = useCompanyCode();
  const serviceName = useServiceName();
  useDocumentTitle(title);
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={width}>
      <Stack gap="lg">
        <Center h={56}>
          {companyCode.isPending ? null : (
            <CompanyLogo
              code={companyCode.data ?? DEFAULT_COMPANY_CODE}
              hasLogo={companyCode.hasLogo}
              name={serviceName}
              maxHeight={48}
            />
          )}
        </Center>
        <Stack gap={6}>
          <Title order={1} size="h2" ta="center" style={TITLE_LINES}>
            {title}
          </Title>
          {description ? (
            <Text c="gray.7" ta="center" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

import { Anchor, Badge, Box, Card, Group, Image, Stack, Table, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '../../../api/companies.ts';
import { useProfile } from '../../../api/profile.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { CompaniesCard } from './CompaniesCard.tsx';
import { formatAddress } from './companyForm.ts';
import { WithCompanyInfo } from './WithCompanyInfo.tsx';

/**
 * /companyinfo/info: the signed-in user's company, read-only, for super and admin; a super can edit it and manages
 * the domain's headquarters and branches below it.
 */
export function CompanyInfoPage() {
  const role = useProfile().data?.user.privilege_type;
  const canEdit = role === 'super';
  const canManage = role === 'super' || role === 'master';
  return (
    <WithCompanyInfo>
      {(info) => (
        <Stack gap="lg" maw={1080} mx="auto">
          <CompanyInfoCard info={info} canEdit={canEdit} />
          {canManage ? <CompaniesCard /> : null}
        </Stack>
      )}
    </WithCompanyInfo>
  );
}

function CompanyInfoCard({ info, canEdit }: { info: CompanyInfo; canEdit: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { company, headquarters, domain } = info;
  const dash = '—';
  const rows: { id: string; label: string; value: React.ReactNode }[] = [
    { id: 'name', label: t('companies.fields.name'), value: company.name },
    ...(headquarters
      ? [{ id: 'headquarters', label: t('companies.fields.headquarters_id'), value: headquarters.name }]
      : []),
    { id: 'corporate_code', label: t('companies.fields.corporate_code'), value: company.corporate_code || dash },
    { id: 'store_code', label: t('companies.fields.store_code'), value: company.store_code || dash },
    { id: 'address', label: t('companies.info.address'), value: formatAddress(company, locale) || dash },
    {
      id: 'tel',
      label: t('companies.fields.tel'),
      value: company.tel ? (
        <Anchor href={`tel:${company.tel}`} size="sm">
          {company.tel}
        </Anchor>
      ) : (
        dash
      ),
    },
    { id: 'country', label: t('companies.fields.country'), value: company.country || dash },
    { id: 'credit_notation', label: t('companies.fields.credit_notation'), value: company.credit_notation || dash },
    { id: 'subdomain', label: t('companies.fields.subdomain'), value: company.subdomain || dash },
    { id: 'domain', label: t('companies.info.domain'), value: `${domain.host} (${domain.service_name})` },
    { id: 'company_code', label: t('domains.fields.company_code'), value: domain.company_code },
  ];

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="company-info-title">
      <Group justify="space-between" align="flex-start" gap="md" mb="md" wrap="wrap">
        <Group gap="md" align="center" wrap="wrap" miw={0} style={{ flex: 1 }}>
          {company.logo_url ? (
            <Box p={6} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}>
              <Image
                src={company.logo_url}
                alt={t('companies.logo.alt', { name: company.name })}
                h={56}
                w="auto"
                maw={240}
                fit="contain"
                data-testid="company-info-logo"
              />
            </Box>
          ) : null}
          <Stack gap={4} miw={0}>
            <Title order={2} size="h3" id="company-info-title">
              {company.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light" radius="sm" color={company.kind === 'headquarters' ? 'blue' : 'teal'}>
                {t(`companies.kind.${company.kind}`)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        {canEdit ? (
          <LinkButton to="/company/edit" icon={IconPencil} testId="company-edit">
            {t('companies.info.edit')}
          </LinkButton>
        ) : null}
      </Group>
      <Table variant="vertical" layout="fixed" verticalSpacing="sm" data-testid="company-info">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th w={{ base: 130, sm: 220 }} scope="row" fw={500} c="gray.8">
                {row.label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

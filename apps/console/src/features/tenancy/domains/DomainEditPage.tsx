import { Alert, Badge, Card, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import {
  type Icon,
  IconAlertTriangle,
  IconArrowBackUp,
  IconBuilding,
  IconMailCheck,
  IconPhoto,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { type DomainDetail, type MaxContents, useDomainByCode, useMaxContents } from '../../../api/domains.ts';
import { notifyInfo } from '../../../api/notify.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { RecordMissing } from '../../../components/RecordMissing.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { CompaniesCard } from '../companies/CompaniesCard.tsx';
import { DeleteDomainButton } from './DeleteDomainButton.tsx';
import type { DomainCreatedState } from './DomainConfirmPage.tsx';
import { DomainDraftForm } from './DomainDraftForm.tsx';
import { DomainImagesPanel } from './DomainImagesPanel.tsx';
import { DomainStatusBadge } from './DomainStatusBadge.tsx';
import {
  type DomainFormValues,
  domainFormOf,
  isEmptyUpdate,
  LIMIT_BELOW_REGISTERED,
  updateBodyOf,
} from './domainForm.ts';
import { draftKey } from './draftStore.ts';
import { hostCheckErrors } from './hostCheckErrors.ts';
import { SuperUsersPanel } from './SuperUsersPanel.tsx';
import { useDomainDraft } from './useDomainDraft.ts';
import { useHostCheck } from './useHostCheck.ts';
import { VehicleCounter } from './VehicleCounter.tsx';

/** The smallest vehicle limit the domain accepts now, for the limit mode chosen on the form. */
function smallestLimit(counter: MaxContents | undefined, values: DomainFormValues): number | undefined {
  if (!counter) return undefined;
  return values.options.limit_mode === 'per_user' ? counter.max_registered_per_user : counter.registered_vehicles;
}

/** The domain screen's tabs, in order: the settings form, the pictures, the companies and the super users. */
const DOMAIN_TABS: readonly { value: string; icon: Icon; label: string }[] = [
  { value: 'settings', icon: IconSettings, label: 'domains.tabs.settings' },
  { value: 'images', icon: IconPhoto, label: 'domains.tabs.images' },
  { value: 'companies', icon: IconBuilding, label: 'domains.tabs.companies' },
  { value: 'superusers', icon: IconUsers, label: 'superusers.tab' },
];

/** Loading, not found, or the page. */
export function DomainEditPage() {
  const { t } = useTranslation();
  const { companyCode = '' } = useParams();
  const domain = useDomainByCode(companyCode);
  if (domain.isPending) return <CenteredLoader />;
  if (domain.isError) {
    return (
      <RecordMissing
        message={t('domains.edit.notFound', { code: companyCode })}
        back={{ to: '/domain/list', label: t('domains.form.backToList') }}
      />
    );
  }
  return <DomainEditor key={domain.data.id} domain={domain.data} />;
}

function DomainEditor({ domain }: { domain: DomainDetail }) {
  const { t } = useTranslation();
  const location = useLocation();
  const counter = useMaxContents(domain.id);
  const created = (location.state as Partial<DomainCreatedState> | null)?.created;
  const draft = useDomainDraft('edit', draftKey.edit(domain.company_code), () => domainFormOf(domain));
  const [tab, setTab] = useState<string | null>('settings');
  const hostCheck = useHostCheck(draft.values.host, undefined, domain.host);
  const deleting = domain.status === 'deleting';
  const minimum = smallestLimit(counter.data, draft.values);

  const onSubmit = draft.submit(
    (values) => {
      const found = hostCheckErrors(hostCheck);
      const limit = values.options.vehicle_limit;
      const least = smallestLimit(counter.data, values);
      if (typeof limit === 'number' && least !== undefined && limit < least) {
        found.push({ field: 'options.vehicle_limit', rule: LIMIT_BELOW_REGISTERED, message: LIMIT_BELOW_REGISTERED });
      }
      return found;
    },
    (values) => {
      if (isEmptyUpdate(updateBodyOf(values, domain))) {
        notifyInfo(t('domains.form.noChanges'));
        return;
      }
      draft.confirm(`/domain/confirmation-edit/${encodeURIComponent(domain.company_code)}`);
    },
  );

  const errorText = (error: FieldError) =>
    error.rule === LIMIT_BELOW_REGISTERED
      ? minimum !== undefined
        ? t('domains.errors.limitBelowRegistered', { vehicles: minimum.toLocaleString(currentLocale()) })
        : t('errors.domain_limit_below_registered')
      : undefined;

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      {created ? (
        <Alert
          color={created.mailSent ? 'green' : 'orange'}
          variant="light"
          icon={created.mailSent ? <IconMailCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
          title={t('domains.created.title')}
          data-testid="domain-created"
        >
          {created.mailSent
            ? t('domains.created.mailSent', { email: created.email })
            : t('domains.created.mailNotSent', { email: created.email })}
        </Alert>
      ) : null}
      {deleting ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="domain-deleting">
          {t('domains.delete.deletingAlert')}
        </Alert>
      ) : null}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="domain-overview-title">
        <Grid gutter="lg" align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap={6}>
              <Group gap="sm" wrap="wrap">
                <Title order={2} size="h3" id="domain-overview-title" style={{ wordBreak: 'break-all' }}>
                  {domain.host}
                </Title>
                <DomainStatusBadge status={domain.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {t('domains.edit.overview', { code: domain.company_code, service: domain.service_name })}
              </Text>
              {domain.host_flags.length > 0 ? (
                <Group gap={6}>
                  {domain.host_flags.map((flag) => (
                    <Badge key={flag} variant="outline" color="gray" radius="sm" size="sm">
                      {t(`domains.hostFlags.${flag}`)}
                    </Badge>
                  ))}
                </Group>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <VehicleCounter counter={counter.data} />
              <Group justify="flex-end">
                <DeleteDomainButton domain={domain} />
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>

      <Tabs value={tab} onChange={setTab} keepMounted variant="outline" radius="md">
        <Tabs.List>
          {DOMAIN_TABS.map(({ value, icon: TabIcon, label }) => (
            <Tabs.Tab
              key={value}
              value={value}
              leftSection={<TabIcon size={16} aria-hidden />}
              data-testid={`tab-${value}`}
            >
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="settings" pt="lg">
          <DomainDraftForm
            mode="edit"
            draft={draft}
            hostCheck={hostCheck}
            onSubmit={(event) => void onSubmit(event)}
            disabled={deleting}
            errorText={errorText}
            actions={
              <ActionButton icon={IconArrowBackUp} variant="default" onClick={draft.reset} disabled={deleting}>
                {t('domains.form.reset')}
              </ActionButton>
            }
          />
        </Tabs.Panel>

        <Tabs.Panel value="images" pt="lg">
          <DomainImagesPanel domain={domain} />
        </Tabs.Panel>

        <Tabs.Panel value="companies" pt="lg">
          {tab === 'companies' ? <CompaniesCard domainId={domain.id} readOnly={deleting} /> : null}
        </Tabs.Panel>

        <Tabs.Panel value="superusers" pt="lg">
          <SuperUsersPanel domain={domain} readOnly={deleting} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

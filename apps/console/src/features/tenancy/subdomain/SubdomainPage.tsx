import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { type SubdomainAnswer, subdomainBody } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useSaveSubdomain, useSubdomain } from '../../../api/hostScreens.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { useServerFieldErrors } from '../../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../../forms/useZodForm.ts';
import { AccountFormCard } from '../../account/AccountFormCard.tsx';
import { SectionCard } from '../shared/SectionCard.tsx';

const subdomainForm = subdomainBody.pick({ subdomain: true });
const FIELDS = ['subdomain'] as const;
const NAME_KEYS = { subdomain: 'companies.fields.subdomain' } as const;

/**
 * The company's own address (`/subdomain`, ours as a screen: docs/decisions.md "Listing link and host screens"):
 * `{subdomain}.{tenant host}` opens the tenant's console with its brand. Super sets it (an empty field removes it);
 * an admin reads it.
 */
export function SubdomainPage() {
  const answer = useSubdomain();
  if (!answer.data) return <CenteredLoader py={64} />;
  return (
    <Stack maw={720} mx="auto" data-testid="subdomain-page">
      {answer.data.editable ? <SubdomainForm current={answer.data} /> : <SubdomainReadOnly host={answer.data.host} />}
    </Stack>
  );
}

/** An admin's view: the address, and who may change it. */
function SubdomainReadOnly({ host }: { host: string | null }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="subdomain" title={t('companies.subdomain.title')} description={t('companies.subdomain.lead')}>
      <Stack gap="sm">
        <CurrentAddress host={host} />
        <Text size="sm" c="gray.7" data-testid="subdomain-read-only">
          {t('companies.subdomain.readOnly')}
        </Text>
      </Stack>
    </SectionCard>
  );
}

/** Where the company's console is reached now: its address as a link, or "not set". */
function CurrentAddress({ host }: { host: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="subdomain-current">
      {t('companies.subdomain.current')}{' '}
      {host ? (
        <Anchor href={`https://${host}/`} target="_blank" rel="noreferrer" fw={600} style={{ wordBreak: 'break-all' }}>
          {host}
        </Anchor>
      ) : (
        <Text span fw={600}>
          {t('companies.subdomain.none')}
        </Text>
      )}
    </Text>
  );
}

function SubdomainForm({ current }: { current: SubdomainAnswer }) {
  const { t } = useTranslation();
  const save = useSaveSubdomain();
  const form = useZodForm(subdomainForm, { defaultValues: { subdomain: current.subdomain }, nameKeys: NAME_KEYS });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, nameKeys: NAME_KEYS });
  const typed = form.watch('subdomain').trim().toLowerCase();
  const onSubmit = form.handleSubmit(({ subdomain }) =>
    save.mutate(
      { subdomain },
      {
        onSuccess: (saved) => {
          form.reset({ subdomain: saved.subdomain });
          notifySuccess(
            saved.host ? t('companies.subdomain.saved', { host: saved.host }) : t('companies.subdomain.removed'),
          );
        },
        onError: showRefusal,
      },
    ),
  );
  const card = {
    id: 'subdomain',
    title: t('companies.subdomain.title'),
    description: t('companies.subdomain.lead'),
    submitLabel: t('companies.subdomain.save'),
  };
  return (
    <AccountFormCard
      {...card}
      onSubmit={(event) => void onSubmit(event)}
      formError={form.formError}
      pending={save.isPending}
      intro={<CurrentAddress host={current.host} />}
    >
      <TextInput
        {...form.field('subdomain')}
        label={t('companies.fields.subdomain')}
        description={t('companies.subdomain.help', { host: current.domain_host })}
        autoComplete="off"
        spellCheck={false}
        data-testid="subdomain-input"
      />
      {typed && typed !== current.subdomain ? (
        <Text size="sm" c="gray.7" style={{ wordBreak: 'break-all' }} data-testid="subdomain-preview">
          {t('companies.subdomain.preview', { host: `${typed}.${current.domain_host}` })}
        </Text>
      ) : null}
    </AccountFormCard>
  );
}

import { Alert, Badge, Group, List, Loader, Stack, Switch, Text } from '@mantine/core';
import { TWO_STEP_CODE_LENGTH, TWO_STEP_CODE_TTL_MS } from '@spinyard/domain';
import { IconDeviceMobileMessage, IconInfoCircle, IconLock, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTwoStepSettings, TWO_STEP_QUERY_KEY, useSetTwoStep } from '../../api/account.ts';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { useProfile } from '../../api/profile.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { notifyDone } from '../auth/notifyDone.ts';
import { QueryWaitView } from './QueryWaitView.tsx';
import { SectionCard } from './SectionCard.tsx';
import { endSessionIfUnauthorized } from './sessionErrors.ts';
import { twoStepView } from './twoStepView.ts';

/**
 * /account/two-step (the spec's "two-step authentication edit", path ours): whether sign-in asks for a code, the
 * domain's stance (offered, required for everyone, or not offered) and where codes are sent, with one switch.
 */
export function TwoStepPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [error, setError] = useState<string | undefined>();
  const settings = useQuery({ queryKey: TWO_STEP_QUERY_KEY, queryFn: fetchTwoStepSettings, retry: false });
  const update = useSetTwoStep();
  // One switch, no fields: a refusal is a sentence under it.
  const turn = (enabled: boolean) =>
    update.mutate(enabled, {
      onSuccess: (next) => notifyDone(t(next.enabled ? 'twoStep.turnedOn' : 'twoStep.turnedOff')),
      onError: (cause) => {
        if (endSessionIfUnauthorized(cause)) return;
        setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
      },
    });

  if (settings.isPending || settings.isError) return <QueryWaitView query={settings} />;

  const view = twoStepView(settings.data);
  const email = profile.data?.user.email ?? '';
  return (
    <Stack gap="lg" maw={820}>
      <SectionCard
        id="two-step"
        title={t('twoStep.title')}
        description={t('twoStep.lead', {
          length: TWO_STEP_CODE_LENGTH,
          minutes: Math.round(TWO_STEP_CODE_TTL_MS / 60_000),
        })}
      >
        <Group gap="xs">
          <Badge color={view.on ? 'green' : 'gray'} variant="light" size="lg" data-testid="two-step-state">
            {t(view.on ? 'twoStep.on' : 'twoStep.off')}
          </Badge>
          {settings.data.enforced ? (
            <Badge color="orange" variant="light" size="lg" leftSection={<IconLock size={12} aria-hidden />}>
              {t('twoStep.enforcedBadge')}
            </Badge>
          ) : null}
          {!settings.data.available && !settings.data.enforced ? (
            <Badge color="gray" variant="light" size="lg">
              {t('twoStep.notOfferedBadge')}
            </Badge>
          ) : null}
        </Group>
        <Switch
          size="md"
          checked={view.on}
          disabled={!view.canChange || update.isPending}
          onChange={(event) => {
            setError(undefined);
            turn(event.currentTarget.checked);
          }}
          label={t('twoStep.switch')}
          description={view.reason ? t(`twoStep.reason.${view.reason}`) : undefined}
          thumbIcon={update.isPending ? <Loader size={10} aria-hidden /> : undefined}
          data-testid="two-step-switch"
        />
        <FormAlert message={error} testId="two-step-error" />
        {view.on ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
            {t('twoStep.nextSignIn')}
          </Alert>
        ) : null}
      </SectionCard>
      <SectionCard id="two-step-delivery" title={t('twoStep.deliveryTitle')} description={t('twoStep.deliveryLead')}>
        <List spacing="sm" center data-testid="two-step-channels">
          <List.Item icon={<IconMail size={20} aria-hidden />}>
            <Text size="sm">
              <Text span fw={600} size="sm">
                {t('twoStep.mail')}
              </Text>{' '}
              {email}
            </Text>
          </List.Item>
          <List.Item icon={<IconDeviceMobileMessage size={20} aria-hidden />}>
            <Text size="sm">
              <Text span fw={600} size="sm">
                {t('twoStep.sms')}
              </Text>{' '}
              {settings.data.delivery.includes('sms') ? t('twoStep.smsOn') : t('twoStep.smsOff')}
            </Text>
          </List.Item>
        </List>
      </SectionCard>
    </Stack>
  );
}

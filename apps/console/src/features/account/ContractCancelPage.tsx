import { Alert, Checkbox, Flex, Group, List, Stack, Text } from '@mantine/core';
import { cancelBody, ruleIssue } from '@spinyard/domain';
import { IconAlertTriangle, IconArrowLeft, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { type ContractHolder, contractHolderOf, useCancelContract } from '../../api/contract.ts';
import { notifyError } from '../../api/notify.ts';
import { useProfile } from '../../api/profile.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { refusalOf } from '../../components/refusal.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { CancellationTerms } from './CancellationTerms.tsx';
import { SectionCard } from './SectionCard.tsx';

/** The four things a dealer must know before cancelling (first document: "a warning with four points"). */
const WARNINGS = ['termEnd', 'vehiclesDeleted', 'usersLoseAccess', 'oneMonthAhead'] as const;

/** The server's body, whose box must be ticked here before anything is sent. */
const cancelFormSchema = cancelBody.extend({
  accept_terms: z.boolean().refine((accepted) => accepted, ruleIssue('required')),
});
const FIELDS = ['accept_terms'] as const;

/**
 * /contract/cancel/conf: the contract holder (the company's super user, or an admin paying by card for their plan)
 * reads the four warnings, ticks "I accept" and cancels. Nothing ends at once: service and billing go on until the
 * term end.
 */
export function ContractCancelPage() {
  const profile = useProfile();
  if (profile.isPending) return <CenteredLoader />;
  const user = profile.data?.user;
  const holder = contractHolderOf(user);
  if (!user || !holder) return <NotAvailablePage />;
  if (user.status === 'cancel_pending') return <AlreadyCancelled />;
  return <CancelForm userId={user.id} holder={holder} />;
}

function AlreadyCancelled() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <SectionCard id="contract-cancelled" title={t('contract.cancel.alreadyTitle')}>
        <Text data-testid="contract-already-cancelled">{t('contract.cancel.already')}</Text>
        <Group>
          <LinkButton to="/account/conf" variant="default" icon={IconArrowLeft}>
            {t('contract.cancel.back')}
          </LinkButton>
        </Group>
      </SectionCard>
    </Stack>
  );
}

function CancelForm({ userId, holder }: { userId: string; holder: ContractHolder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(cancelFormSchema, {
    defaultValues: { accept_terms: false },
    message: () => t('contract.cancel.acceptRequired'),
  });
  const cancel = useCancelContract(holder);
  const showRefusal = useServerFieldErrors(form, {
    fields: FIELDS,
    // This screen has no sentence above its form: the client's usual reaction (a notification) tells the rest.
    errorsOf: (failure) => {
      const refusal = refusalOf(failure);
      if (refusal.fields.some((field) => field.field === 'accept_terms')) {
        return { fields: { accept_terms: t('contract.cancel.acceptRequired') } };
      }
      // Any other named field is not on this screen: say the request was refused rather than nothing at all.
      if (refusal.fields.length > 0) notifyError(t('errors.validation_failed'));
      return { fields: {} };
    },
  });

  const onSubmit = form.handleSubmit(() =>
    cancel.mutate(userId, {
      onSuccess: () => void navigate('/contract/cancel/complete'),
      onError: showRefusal,
    }),
  );

  return (
    <Stack gap="lg" maw={760}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('screens.contract_cancel_conf')}>
        <SectionCard id="contract-cancel" title={t('contract.cancel.title')} description={t('contract.cancel.lead')}>
          <CancellationTerms holder={holder} userId={userId} />
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('contract.cancel.warningTitle')}
          >
            <List spacing="xs" size="sm" data-testid="contract-warnings">
              {WARNINGS.map((point) => (
                <List.Item key={point}>{t(`contract.cancel.warnings.${point}`)}</List.Item>
              ))}
            </List>
          </Alert>
          <Checkbox
            {...form.field('accept_terms')}
            label={t('contract.cancel.accept')}
            aria-invalid={Boolean(form.formState.errors.accept_terms)}
            data-testid="contract-accept"
          />
          {/* On a phone the two buttons stack at full width: side by side, a long label (French) is cut. */}
          <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
            <LinkButton to="/account/conf" variant="default" icon={IconArrowLeft}>
              {t('contract.cancel.back')}
            </LinkButton>
            <ActionButton
              icon={IconCircleX}
              type="submit"
              color="red"
              loading={cancel.isPending}
              testId="contract-cancel-submit"
            >
              {t('contract.cancel.submit')}
            </ActionButton>
          </Flex>
        </SectionCard>
      </form>
    </Stack>
  );
}

import { Alert, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  PLAN_FORM_CURRENCIES,
  PLAN_ID_MAX_LENGTH,
  PLAN_INTERVALS,
  PLAN_STATUSES,
  type PlanAnswer,
  type PlanFormValues,
  type PlanInput,
  planFormSchema,
  STATEMENT_DESCRIPTOR_MAX_LENGTH,
  USER_TEXT_MAX_LENGTH,
} from '@spinyard/domain';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ActionButton.tsx';
import { focusFirstInvalid } from '../../components/focusFirstInvalid.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ControlledField } from '../../forms/ControlledField.tsx';
import { refusalFieldErrors } from '../../forms/refusalErrors.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { FormActions } from '../tenancy/shared/FormActions.tsx';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';
import { lockedPlanFields, PLAN_FIELDS, PLAN_NAME_KEYS, planFieldText } from './planText.ts';

/** Why some fields of a stored plan are read-only: its subscribers, or its being the free plan. */
function PlanLockedNote({ plan }: { plan: PlanAnswer }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="plan-locked">
      {plan.subscriber_count > 0
        ? t('billingPlans.form.lockedBySubscribers', { count: plan.subscriber_count })
        : t('billingPlans.form.lockedFree')}
    </Alert>
  );
}

/**
 * The plan form of /plan/add and /plan/edit/{id}: the domain's plan form schema (the amount typed in the major
 * unit, 1,000 yen or 9.99 dollars, read into minor units), each refusal beside its field in the user's language.
 * On an existing plan the id is fixed, and what running contracts fix is shown read-only with the reason.
 */
export function PlanForm({
  initial,
  plan,
  save,
}: {
  initial: PlanFormValues;
  /** The stored plan when editing. */
  plan?: PlanAnswer;
  save: (values: PlanInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm(planFormSchema, {
    defaultValues: initial,
    nameKeys: PLAN_NAME_KEYS,
    message: planFieldText,
    shouldFocusError: false,
  });
  const showRefusal = useServerFieldErrors(form, {
    fields: PLAN_FIELDS,
    errorsOf: refusalFieldErrors(PLAN_FIELDS, planFieldText),
    focus: focusFirstInvalid,
  });
  const [sending, setSending] = useState(false);
  const locked = lockedPlanFields(plan);
  const currency = form.watch('currency');

  const onSubmit = form.handleSubmit(async (values) => {
    setSending(true);
    try {
      await save(values);
    } catch (error) {
      showRefusal(error);
    } finally {
      setSending(false);
    }
  }, focusFirstInvalid);

  const select = (field: 'currency' | 'interval' | 'status', options: readonly string[]) => (
    <NativeSelect
      {...form.field(field)}
      label={t(`billingPlans.fields.${field}`)}
      data={options.map((value) => ({ value, label: t(`billingPlans.${field}Options.${value}`) }))}
      disabled={locked.has(field)}
      data-testid={`plan-${field}`}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880} mx="auto">
        {locked.size > 0 && plan && <PlanLockedNote plan={plan} />}
        <SectionCard title={t('billingPlans.form.sectionPlan')} id="plan-basics">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...form.field('id')}
              label={t('billingPlans.fields.id')}
              description={t('billingPlans.help.id')}
              maxLength={PLAN_ID_MAX_LENGTH}
              readOnly={plan !== undefined}
              withAsterisk={plan === undefined}
              autoComplete="off"
              spellCheck={false}
              data-testid="plan-id"
            />
            <TextInput
              {...form.field('name')}
              label={t('billingPlans.fields.name')}
              maxLength={USER_TEXT_MAX_LENGTH}
              withAsterisk
              data-testid="plan-name"
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title={t('billingPlans.form.sectionPrice')} id="plan-price">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {select('currency', PLAN_FORM_CURRENCIES)}
            <TextInput
              {...form.field('amount')}
              label={t('billingPlans.fields.amount')}
              description={t(`billingPlans.help.amount.${currency}`)}
              inputMode="decimal"
              rightSection={currency.toUpperCase()}
              rightSectionWidth={48}
              disabled={locked.has('amount')}
              withAsterisk
              data-testid="plan-amount"
            />
            {select('interval', PLAN_INTERVALS)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
            <TextInput
              {...form.field('vehicle_limit')}
              label={t('billingPlans.fields.vehicle_limit')}
              description={t('billingPlans.help.vehicle_limit')}
              inputMode="numeric"
              data-testid="plan-vehicle-limit"
            />
            <TextInput
              {...form.field('statement_descriptor')}
              label={t('billingPlans.fields.statement_descriptor')}
              description={t('billingPlans.help.statement_descriptor')}
              maxLength={STATEMENT_DESCRIPTOR_MAX_LENGTH}
              data-testid="plan-descriptor"
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title={t('billingPlans.form.sectionOffer')} id="plan-offer">
          <Stack gap="md">
            {select('status', PLAN_STATUSES)}
            {(['enabled', 'shown'] as const).map((name) => (
              <ControlledField
                key={name}
                form={form}
                name={name}
                render={(field) => (
                  // Mantine's Switch holds its state in React: the form keeps the value, not the DOM.
                  <Switch
                    name={field.name}
                    ref={field.ref}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    error={field.error}
                    label={t(`billingPlans.fields.${name}`)}
                    description={t(`billingPlans.help.${name}`)}
                    disabled={locked.has(name)}
                    data-testid={`plan-${name}`}
                  />
                )}
              />
            ))}
          </Stack>
        </SectionCard>
        <FormActions>
          <LinkButton to="/plan/list" variant="default">
            {t('billingPlans.form.cancel')}
          </LinkButton>
          <ActionButton type="submit" icon={IconDeviceFloppy} loading={sending} testId="plan-save">
            {plan ? t('billingPlans.form.save') : t('billingPlans.form.create')}
          </ActionButton>
        </FormActions>
      </Stack>
    </form>
  );
}

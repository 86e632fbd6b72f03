import { Alert, Card, Checkbox, Group, Radio, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { PARTNER_BILLING_DIGITS, shopCodeIsAlias } from '@spinyard/domain';
import { IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile.ts';
import type { UserRecord } from '../../api/users.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { ControlledField } from '../../forms/ControlledField.tsx';
import type { ZodForm } from '../../forms/useZodForm.ts';
import { RoleBadge } from './UserBits.tsx';
import type { userFormSchema } from './userFormSchema.ts';
import { PARTNER_CODE_FIELDS } from './userRules.ts';

/** The user add and edit form. */
export type UserFormState = ZodForm<ReturnType<typeof userFormSchema>>;

/** The role: chosen among `roles` when adding, shown as it is when editing. */
export function UserRoleField({
  form,
  mode,
  roles,
  currentRole,
}: {
  form: UserFormState;
  mode: 'add' | 'edit';
  roles: readonly ('admin' | 'normal')[];
  currentRole?: UserRecord['privilege_type'] | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {mode === 'add' ? (
        <ControlledField
          form={form}
          name="privilege_type"
          render={(field) => (
            <Radio.Group
              name={field.name}
              label={t('users.fields.privilege_type')}
              description={t('users.form.roleHelp')}
              value={field.value}
              onChange={field.onChange}
              error={field.error}
              withAsterisk
            >
              <Group gap="lg" mt="xs">
                {roles.map((r, i) => (
                  <Radio
                    key={r}
                    ref={i === 0 ? field.ref : undefined}
                    value={r}
                    label={t(`roles.${r}`)}
                    data-testid={`user-role-${r}`}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
      ) : currentRole ? (
        <Group gap="sm">
          <Text size="sm" fw={500}>
            {t('users.fields.privilege_type')}
          </Text>
          <RoleBadge role={currentRole} />
        </Group>
      ) : null}
    </>
  );
}

/**
 * On one's own edit page: what the server refuses there (issue 18) and where it is done instead, the account page
 * for the e-mail and password, whoever manages the account for the limits.
 */
export function OwnAccountNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      icon={<IconUserCircle aria-hidden />}
      title={t('users.form.ownAccountTitle')}
      data-testid="user-own-account"
    >
      <Text size="sm" mb="sm">
        {t('users.form.ownAccountBody')}
      </Text>
      <LinkButton to="/account/conf" variant="light" icon={IconUserCircle} testId="user-own-account-link">
        {t('users.form.ownAccountLink')}
      </LinkButton>
    </Alert>
  );
}

/**
 * The user's profile: section, phone, vehicle limit and the forced two-step authentication; on one's own account
 * the limit and the two-step requirement are shown, not offered (`own`).
 */
export function UserProfileCard({ form, own = false }: { form: UserFormState; own?: boolean }) {
  const { t } = useTranslation();
  // The bike site's shop code is the user's first username alias (first document section 3): asked there only.
  const bikeSite = shopCodeIsAlias(useProfile().data?.domain.host_flags ?? []);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-form-profile">
      <Title order={2} size="h4" id="user-form-profile" mb="md">
        {t('users.form.profileSection')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput {...form.field('company_section')} label={t('users.fields.company_section')} maxLength={100} />
        <TextInput
          {...form.field('phone')}
          type="tel"
          label={t('users.fields.phone')}
          description={t('users.form.phoneHelp')}
        />
        <TextInput
          {...form.field('car_limit')}
          inputMode="numeric"
          label={t('users.fields.car_limit')}
          description={t('users.form.carLimitHelp')}
          readOnly={own}
          data-testid="user-car-limit"
        />
        {bikeSite ? (
          <TextInput
            {...form.field('shop_code')}
            label={t('users.fields.shop_code')}
            description={t('users.form.shopCodeHelp')}
            maxLength={50}
            data-testid="user-shop-code"
          />
        ) : null}
      </SimpleGrid>
      <PartnerCodeInputs form={form} />
      {own ? (
        // Not a field of the form: its value is shown, never sent.
        <Checkbox
          mt="md"
          checked={form.getValues('two_step_forced')}
          disabled
          label={t('users.fields.two_step_forced')}
          data-testid="user-two-step-forced-own"
        />
      ) : (
        <Checkbox
          {...form.field('two_step_forced')}
          mt="md"
          label={t('users.fields.two_step_forced')}
          description={t('users.form.twoStepForcedHelp')}
        />
      )}
    </Card>
  );
}

/**
 * The partner billing codes (issue 22) on the hosts that bill partners (dealer brand, listing partner): each exactly
 * its number of half-width digits, or empty, as the server checks them.
 */
function PartnerCodeInputs({ form }: { form: UserFormState }) {
  const { t } = useTranslation();
  const flags = useProfile().data?.domain.host_flags ?? [];
  if (!flags.some((f) => f === 'dealer_brand' || f === 'listing_partner')) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md">
      {PARTNER_CODE_FIELDS.map((f) => (
        <TextInput
          key={f}
          {...form.field(f)}
          inputMode="numeric"
          maxLength={PARTNER_BILLING_DIGITS[f]}
          label={t(`users.fields.${f}`)}
          description={t('users.form.digitsHelp', { count: PARTNER_BILLING_DIGITS[f] })}
          data-testid={`user-${f}`}
        />
      ))}
    </SimpleGrid>
  );
}

import { Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type BasicInfoKey, LIMITED_PASSWORD_BOUNDS } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/profile.ts';
import { showPasswordToggle } from '../../../components/showPasswordToggle.ts';
import { ControlledField } from '../../../forms/ControlledField.tsx';
import { SectionCard } from '../../tenancy/shared/SectionCard.tsx';
import { ContentSwitch } from './ContentSwitch.tsx';
import { analyticsTagView, type ContentForm } from './contentForm.ts';

/**
 * What buyers see of the vehicle (the basic info fields shown, the options) and how it is published: a limited
 * publication password and the dealer's analytics tag, each behind its switch (the tag only where the domain's
 * analytics option lets buyers' pages load it).
 */
export function DisplaySettings({
  form,
  keys,
  passwordSet,
}: {
  form: ContentForm;
  keys: readonly BasicInfoKey[];
  passwordSet: boolean;
}) {
  const { t } = useTranslation();
  const [limited, analytics, tag] = form.watch(['limited_password_enabled', 'analytics_tag_enabled', 'analytics_tag']);
  // With the option off nothing here changes the tag, so what the form holds is what is stored.
  const tagView = analyticsTagView(useProfile().data?.domain.options.analytics_tag, {
    enabled: analytics,
    tag,
  });
  return (
    <>
      <SectionCard
        id="content-shown"
        title={t('contentsWizard.sections.shown')}
        description={t('contentsWizard.help.basic_info_shown')}
      >
        <Stack gap="md">
          <ControlledField
            form={form}
            name="basic_info_shown"
            render={(field) => (
              <Checkbox.Group
                label={t('contentFields.basic_info_shown')}
                value={field.value as string[]}
                onChange={(next) => field.onChange(keys.filter((k) => next.includes(k)))}
                error={field.error}
                data-testid="content-basic_info_shown"
              >
                <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" mt="xs">
                  {keys.map((key, i) => (
                    <Checkbox
                      key={key}
                      ref={i === 0 ? field.ref : undefined}
                      value={key}
                      label={t(`contentFields.${key}`)}
                    />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <ContentSwitch form={form} name="option_display" />
        </Stack>
      </SectionCard>
      <SectionCard id="content-publication" title={t('contentsWizard.sections.publication')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <ContentSwitch form={form} name="limited_password_enabled" />
            {limited ? (
              <PasswordInput
                {...form.field('limited_password')}
                label={t('contentFields.limited_password')}
                description={
                  passwordSet
                    ? t('contentsWizard.help.limited_password_keep')
                    : t('contentsWizard.errors.passwordLength', LIMITED_PASSWORD_BOUNDS)
                }
                withAsterisk={!passwordSet}
                autoComplete="new-password"
                maxLength={LIMITED_PASSWORD_BOUNDS.max}
                visibilityToggleButtonProps={showPasswordToggle(t('login.showPassword'))}
                data-testid="content-limited_password"
              />
            ) : null}
          </Stack>
          {/* Always mounted, only hidden: the form's switch is uncontrolled, and one mounted after the profile
              arrives would show (and save) off instead of the stored value. */}
          <Stack gap="xs" display={tagView === 'edit' ? undefined : 'none'}>
            <ContentSwitch form={form} name="analytics_tag_enabled" />
            {analytics ? (
              <Group grow>
                <TextInput
                  {...form.field('analytics_tag')}
                  label={t('contentFields.analytics_tag')}
                  placeholder="G-ABC123XYZ"
                  withAsterisk
                  data-testid="content-analytics_tag"
                />
              </Group>
            ) : null}
          </Stack>
          {tagView === 'not_served' ? (
            <Text size="sm" c="gray.8" data-testid="content-analytics-not-served">
              {t('contentsWizard.help.analytics_not_served', { tag })}
            </Text>
          ) : null}
        </SimpleGrid>
      </SectionCard>
    </>
  );
}

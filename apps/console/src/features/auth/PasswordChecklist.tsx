import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@spinyard/domain';
import { IconCircle, IconCircleCheckFilled, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordChecklist } from './passwordRules.ts';

/**
 * The password rules under the new password, ticked while the user types: what is asked is visible before the
 * first refusal. Each line says in words whether it is met, for screen readers (the icons are decoration).
 * Without `retyped` (a form with no retype field, like the user forms) there is no "retype matches" line.
 */
export function PasswordChecklist({ password, retyped, id }: { password: string; retyped?: string; id: string }) {
  const { t } = useTranslation();
  const rules = passwordChecklist(password, retyped ?? '').filter(
    (rule) => retyped !== undefined || rule.id !== 'retype_matches',
  );
  return (
    <Stack gap={4} id={id} data-testid="password-checklist">
      <Text size="sm" fw={600} id={`${id}-title`}>
        {t('passwordRules.title')}
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={`${id}-title`}>
        {rules.map((rule) => {
          const Icon = rule.met ? IconCircleCheckFilled : rule.advisory ? IconInfoCircle : IconCircle;
          return (
            <Group component="li" key={rule.id} gap={8} wrap="nowrap" data-met={rule.met}>
              <Icon
                size={18}
                aria-hidden
                style={{ flex: 'none' }}
                color={rule.met ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-6)'}
              />
              <Text size="sm" c={rule.met ? undefined : 'gray.7'}>
                {t(`passwordRules.${rule.id}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
                <VisuallyHidden>
                  {' '}
                  (
                  {rule.met
                    ? t('passwordRules.met')
                    : rule.advisory
                      ? t('passwordRules.advice')
                      : t('passwordRules.notMet')}
                  )
                </VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

import { Group } from '@mantine/core';
import type { Profile } from '../../../api/profile.ts';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher.tsx';
import { ManualMenu } from './ManualMenu.tsx';
import classes from './TopBar.module.css';

/**
 * The top bar's manuals and language on a phone, at the head of the menu drawer: on a light panel of their own so
 * they keep their colours (and contrast) on any sidebar colour.
 */
export function PhoneTools({ profile }: { profile: Profile }) {
  return (
    <Group gap="xs" wrap="nowrap" className={classes.phoneTools} data-testid="phone-tools">
      <ManualMenu profile={profile} />
      <LanguageSwitcher size="sm" />
    </Group>
  );
}

import { Alert, Stack, Text } from '@mantine/core';
import type { ExteriorGroupAnswer } from '@spinyard/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * What the pipeline could not be sure of in each row's walk-around (the row's turn_check), shown before publishing
 * with what the dealer can do: publish anyway, trim the video to one turn, or upload it again (a video short of a
 * turn is already used whole: trimming cannot mend it, so it is told to film at least one turn again).
 */
export function TurnChecks({ groups }: { groups: readonly ExteriorGroupAnswer[] }) {
  const { t } = useTranslation();
  const checked = groups.filter((g) => g.turn_check !== null);
  if (checked.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="exterior-turn-checks">
      {checked.map((g) => (
        <Alert
          key={g.group_id}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('exterior.turnCheck.title', { row: g.group_order })}
          data-testid={`exterior-turn-check-${g.group_order}`}
        >
          <Text size="sm">{t(`exterior.turnCheck.${g.turn_check}`)}</Text>
          <Text size="sm">
            {t(g.turn_check === 'short_of_turn' ? 'exterior.turnCheck.actionsShort' : 'exterior.turnCheck.actions')}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

import { List, Stack, Text } from '@mantine/core';
import type { ExteriorAnswer, ExteriorGroupAnswer } from '@spinyard/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exteriorKeys, fetchExterior } from '../../../api/exterior.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';

/** The rows whose walk-around the pipeline found not to be one clean turn (their turn_check), in row order. */
export const turnProblemsOf = (answer: ExteriorAnswer | undefined): ExteriorGroupAnswer[] =>
  (answer?.groups ?? []).filter((g) => g.turn_check !== null && !g.is_temp);

/**
 * The turn problems of a vehicle's spin, read fresh before publishing (a trim or an upload may have just changed
 * them). A vehicle whose spin cannot be read is published without the question: the server decides the rest.
 */
export async function fetchTurnProblems(client: QueryClient, contentId: string): Promise<ExteriorGroupAnswer[]> {
  try {
    const answer = await client.fetchQuery({
      queryKey: exteriorKeys.detail(contentId),
      queryFn: () => fetchExterior(contentId),
      staleTime: 0,
    });
    return turnProblemsOf(answer);
  } catch {
    return [];
  }
}

/** What a publication with turn problems asks: each row's problem named, then what else the dealer can do. */
export function TurnProblemsText({ name, problems }: { name: string; problems: readonly ExteriorGroupAnswer[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="turn-problems">
      <Text size="sm">{t('exterior.turnCheck.confirmBody', { name })}</Text>
      <List size="sm" spacing={4}>
        {problems.map((g) => (
          <List.Item key={g.group_id}>
            {t('exterior.turnCheck.row', { n: g.group_order })}: {t(`exterior.turnCheck.${g.turn_check}`)}
          </List.Item>
        ))}
      </List>
      <Text size="sm">{t('exterior.turnCheck.confirmAsk')}</Text>
    </Stack>
  );
}

/**
 * The question of a publication asked from outside the actions menu (the pending-changes card): open while
 * problems are listed, "publish anyway" goes on, cancel publishes nothing.
 */
export function TurnPublishConfirm({
  name,
  problems,
  onConfirm,
  onClose,
  loading,
  children,
}: {
  name: string;
  problems: readonly ExteriorGroupAnswer[];
  onConfirm: () => void;
  onClose: () => void;
  loading: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={problems.length > 0}
      title={t('exterior.turnCheck.confirmTitle')}
      confirmLabel={t('exterior.turnCheck.publishAnyway')}
      color="orange"
      onConfirm={onConfirm}
      onClose={onClose}
      loading={loading}
      testId="turn-publish-confirm"
    >
      <TurnProblemsText name={name} problems={problems} />
      {children}
    </ConfirmModal>
  );
}

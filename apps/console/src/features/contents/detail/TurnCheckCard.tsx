import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ExteriorGroupAnswer } from '@spinyard/domain';
import { IconAlertTriangle, IconCut, IconEye, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingChanges } from '../../../api/contentDetail.ts';
import { type OneVehicleAction, useContentAction } from '../../../api/contents.ts';
import { useExterior } from '../../../api/exterior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { exteriorUploadPath, TrimDialog } from '../../media/exterior/TrimDialog.tsx';
import { TurnProblemsText, turnProblemsOf } from '../../media/exterior/TurnProblems.tsx';
import { type ActionTarget, actionErrorText } from '../actions/ContentActionsMenu.tsx';
import { actionApplies, contentActions } from '../actions/contentActions.ts';
import { contentName } from '../actions/contentText.ts';
import { trimMends, turnCardState } from './turnCardState.ts';

/** The build "publish anyway" runs: the first publication, or a republish of a vehicle buyers already see. */
const PUBLISHING: readonly OneVehicleAction[] = ['publish', 'republish'];

/**
 * On the vehicle's page, where the dealer publishes: each row whose walk-around is not one clean turn (its
 * turn_check), with the three ways out: publish anyway (asked first, naming the problem), trim the video to one
 * turn, or upload it again. Once buyers see the vehicle it names the spin as theirs and offers no publish of its own
 * (turnCardState.ts). Nothing shows for a spin of clean turns (the page mounts it only for a vehicle with one).
 */
export function TurnCheckCard({ content }: { content: ActionTarget }) {
  const { t } = useTranslation();
  const exterior = useExterior(content.id);
  const publish = useContentAction();
  const [trimming, setTrimming] = useState<ExteriorGroupAnswer | null>(null);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const live = actionApplies('republish', content, false);
  const pending = usePendingChanges(content.id);
  const problems = turnProblemsOf(exterior.data);
  if (problems.length === 0) return null;
  const state = turnCardState(
    live,
    pending.data?.published ? pending.data.areas : undefined,
    problems.map((g) => g.turn_check),
  );

  const name = contentName(content);
  const action = contentActions(content, { canTransfer: false }).find(
    (a) => PUBLISHING.includes(a.action as OneVehicleAction) && a.lockedBy.length === 0,
  )?.action as OneVehicleAction | undefined;
  const run = async () => {
    if (!action) return;
    setRefusal(null);
    try {
      await publish.mutateAsync({ id: content.id, action });
      notifySuccess(t(`contentActions.done.${action}`, { name }));
      setAsking(false);
    } catch (error) {
      setRefusal(actionErrorText(error, t('errors.general_error')));
    }
  };

  return (
    <Alert
      title={t(`exterior.turnCheck.${state.title}`)}
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="detail-turn-checks"
      color="yellow"
      radius="lg"
      variant="light"
    >
      <Stack gap="sm">
        {problems.map((g) => (
          <Group
            key={g.group_id}
            justify="space-between"
            gap="xs"
            wrap="wrap"
            data-testid={`detail-turn-check-${g.group_order}`}
          >
            <Text size="sm" style={{ flex: '1 1 240px' }}>
              <strong>{t('exterior.turnCheck.row', { n: g.group_order })}</strong>:{' '}
              {t(`exterior.turnCheck.${g.turn_check}`)}
            </Text>
            {trimMends(g.turn_check) ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconCut size={14} aria-hidden />}
                onClick={() => setTrimming(g)}
                aria-label={`${t('exterior.turnCheck.trim')} (${t('exterior.turnCheck.row', { n: g.group_order })})`}
                data-testid={`detail-turn-trim-${g.group_order}`}
              >
                {t('exterior.turnCheck.trim')}
              </Button>
            ) : null}
          </Group>
        ))}
        <Text size="sm">{t(`exterior.turnCheck.${state.actions}`)}</Text>
        <Group gap="sm">
          {action && state.publishAnyway ? (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              onClick={() => {
                setRefusal(null);
                setAsking(true);
              }}
              data-testid="detail-turn-publish"
            >
              {t('exterior.turnCheck.publishAnyway')}
            </Button>
          ) : null}
          <LinkButton
            to={exteriorUploadPath(content.id)}
            icon={IconUpload}
            variant="default"
            testId="detail-turn-upload"
          >
            {t('exterior.turnCheck.uploadAgain')}
          </LinkButton>
        </Group>
      </Stack>
      <ConfirmModal
        testId="detail-turn-confirm"
        title={t('exterior.turnCheck.confirmTitle')}
        opened={asking}
        onClose={() => {
          if (!publish.isPending) setAsking(false);
        }}
        onConfirm={() => void run()}
        confirmLabel={t('exterior.turnCheck.publishAnyway')}
        loading={publish.isPending}
        color="orange.9"
      >
        <TurnProblemsText name={name} problems={problems} />
        <RefusalAlert refusal={refusal} testId="detail-turn-refusal" />
      </ConfirmModal>
      <TrimDialog contentId={content.id} group={trimming} onClose={() => setTrimming(null)} />
    </Alert>
  );
}

import { Button, Menu, Text } from '@mantine/core';
import type { ContentListItem, ExteriorGroupAnswer, PermissionActor } from '@spinyard/domain';
import {
  type Icon,
  IconArrowBackUp,
  IconCircleOff,
  IconCopy,
  IconDots,
  IconEye,
  IconEyeOff,
  IconLock,
  IconMovie,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconTransfer,
  IconTrash,
  IconTrashX,
  IconView360,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/apiError.ts';
import { type OneVehicleAction, useContentAction } from '../../../api/contents.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { notifyError, notifySuccess, notifyWorking } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { fetchTurnProblems, TurnProblemsText } from '../../media/exterior/TurnProblems.tsx';
import { movieWizardPath } from '../../movies/wizard/movieWizardPath.ts';
import { CONFIRMED_ACTIONS, type ContentAction, contentActions } from './contentActions.ts';
import { contentName } from './contentText.ts';
import { TransferDialog } from './TransferDialog.tsx';
import { useCanOfferTransfer } from './useCanOfferTransfer.ts';

export type ActionTarget = Pick<
  ContentListItem,
  'id' | 'maker' | 'car_name' | 'management_id' | 'publication' | 'vr_mode' | 'processes' | 'limited_password_enabled'
>;

const ICONS: Record<ContentAction, Icon> = {
  publish: IconEye,
  publish_limited: IconLock,
  republish: IconRefresh,
  unpublish: IconEyeOff,
  sleep: IconPlayerPause,
  wake: IconPlayerPlay,
  vr_on: IconView360,
  vr_off: IconCircleOff,
  copy: IconCopy,
  transfer: IconTransfer,
  delete: IconTrash,
  restore: IconArrowBackUp,
  delete_permanently: IconTrashX,
};

const DANGER: ReadonlySet<ContentAction> = new Set(['delete', 'delete_permanently']);
/** The builds of the published copy: they copy every picture, so they say they are working until they end. */
const BUILDS: ReadonlySet<ContentAction> = new Set(['publish', 'publish_limited', 'republish']);

/** The text of a failed action: the catalogue's message of the server's answer (the locking process named). */
export function actionErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? apiErrorText(error) : fallback;
}

/**
 * The actions of one vehicle as a menu: those its state allows, each greyed out with the running process that
 * locks it ("Blur is running"), the lasting ones asked first. Used by the list's rows and the detail page.
 */
export function ContentActionsMenu({
  content,
  actor,
  testId = 'content-actions',
}: {
  content: ActionTarget;
  actor: PermissionActor;
  testId?: string;
}) {
  const { t } = useTranslation();
  const run = useContentAction();
  const [confirming, setConfirming] = useState<OneVehicleAction | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A build asked while the spin is not one clean turn: the rows named, published only when the dealer says so.
  const [turnProblems, setTurnProblems] = useState<ExteriorGroupAnswer[]>([]);
  const client = useQueryClient();
  const name = contentName(content);
  const actions = contentActions(content, { canTransfer: useCanOfferTransfer(actor) });
  // A vehicle in the trash makes no video.
  const movable = content.publication !== 'deleted' && content.publication !== 'permanently_deleted';

  const perform = async (action: OneVehicleAction, inDialog: boolean) => {
    setRefusal(null);
    const working = BUILDS.has(action) ? notifyWorking(t('contentActions.building', { name })) : undefined;
    try {
      await run.mutateAsync({ id: content.id, action });
      working?.();
      notifySuccess(t(`contentActions.done.${action}`, { name }));
      setConfirming(null);
    } catch (error) {
      working?.();
      const text = actionErrorText(error, t('errors.general_error'));
      if (inDialog) setRefusal(text);
      else notifyError(text);
    }
  };

  const choose = async (action: ContentAction) => {
    const problems = BUILDS.has(action) ? await fetchTurnProblems(client, content.id) : [];
    setTurnProblems(problems);
    if (action === 'transfer') setTransferring(true);
    else if (CONFIRMED_ACTIONS.has(action) || problems.length > 0) {
      setRefusal(null);
      setConfirming(action);
    } else void perform(action, false);
  };
  const turnAsked = confirming !== null && BUILDS.has(confirming) && turnProblems.length > 0;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={260}>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconDots size={14} aria-hidden />}
            aria-label={t('contentActions.menuFor', { name })}
            disabled={actions.length === 0 && !movable}
            loading={run.isPending && confirming === null}
            data-testid={testId}
          >
            {t('contentActions.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {/* The content-video wizard: a page of its own, open whatever runs (saving there says what locks it). */}
          {movable ? (
            <Menu.Item
              component={Link}
              to={movieWizardPath(content.id)}
              leftSection={<IconMovie size={16} aria-hidden />}
              data-testid="content-action-movie"
            >
              {t('contentActions.makeMovie')}
            </Menu.Item>
          ) : null}
          {actions.map(({ action, lockedBy }) => {
            const ActionGlyph = ICONS[action];
            const locked = lockedBy[0];
            return (
              <Menu.Item
                key={action}
                leftSection={<ActionGlyph size={16} aria-hidden />}
                color={DANGER.has(action) ? 'red' : undefined}
                disabled={locked !== undefined}
                onClick={() => void choose(action)}
                data-testid={`content-action-${action}`}
                data-locked-by={locked}
              >
                {t(`contentActions.actions.${action}`)}
                {locked !== undefined ? (
                  <Text size="xs" c="gray.7" data-testid="content-action-locked">
                    {t('contentActions.lockedBy', { process: t(`processes.${locked}`) })}
                  </Text>
                ) : null}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>

      <ConfirmModal
        opened={confirming !== null}
        title={
          turnAsked
            ? t('exterior.turnCheck.confirmTitle')
            : confirming
              ? t(`contentActions.confirm.${confirming}.title`)
              : ''
        }
        confirmLabel={
          turnAsked
            ? t('exterior.turnCheck.publishAnyway')
            : confirming
              ? t(`contentActions.actions.${confirming}`)
              : ''
        }
        color={confirming && DANGER.has(confirming) ? 'red' : 'orange'}
        onConfirm={() => confirming && void perform(confirming, true)}
        onClose={() => {
          if (!run.isPending) setConfirming(null);
        }}
        loading={run.isPending}
        testId="content-confirm"
      >
        {turnAsked ? (
          <TurnProblemsText name={name} problems={turnProblems} />
        ) : (
          <Text size="sm">{confirming ? t(`contentActions.confirm.${confirming}.body`, { name }) : ''}</Text>
        )}
        <RefusalAlert refusal={refusal} testId="content-confirm-refusal" />
      </ConfirmModal>

      <TransferDialog opened={transferring} contents={[content]} onClose={() => setTransferring(false)} />
    </>
  );
}

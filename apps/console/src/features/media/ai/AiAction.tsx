import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import {
  type AiOptionId,
  type AiOptionsAnswer,
  aiOptionShown,
  type Operation,
  type ProcessAnswer,
  type ProcessKind,
  type RunningProcess,
} from '@spinyard/domain';
import { IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AiStart, useAiStart, useProcessOutcome, useRecentRuns } from '../../../api/aiOptions.ts';
import { ApiError } from '../../../api/apiError.ts';
import { mergeProcesses } from '../../../api/liveProcesses.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { lockFor, runningOf } from '../exterior/exteriorLocks.ts';
import { exteriorErrorText, processErrorText } from '../exterior/exteriorText.ts';

export interface AiActionProps {
  contentId: string;
  readOnly: boolean;
  /** The answer's AI options: the button shows only when its option is on and the server can run it. */
  ai: AiOptionsAnswer | undefined;
  option: AiOptionId;
  start: AiStart;
  /** The row a per-row start works on (rotation correction). */
  groupId?: string;
  /** The process the start records, whose latest run is shown here. */
  process: RunningProcess;
  /** The kinds of run of that process that are this action's (a blur around the car is no plate blur). */
  kinds?: readonly ProcessKind[];
  /** The operation the server checks against the lock rules: the button is disabled with the reason meanwhile. */
  operation: Operation;
  /** The vehicle's processes as the panel knows them (kept live by the process socket). */
  processes: readonly ProcessAnswer[];
  /** The catalogue group under `aiOptions` with this action's `button`, `help` and `done` texts. */
  texts: string;
  /** What the dealer sees of the result once the latest run succeeded (and may change there). */
  result?: ReactNode;
  /** The start takes a picture the dealer picks (JPEG or PNG): the button opens the file picker. */
  picture?: boolean;
  /** Called once when a run seen here ends (to read an area the vehicle's reads do not cover). */
  onEnded?: () => void;
  disabledReason?: string | null;
}

const live = (p: ProcessAnswer) => p.status === 'queued' || p.status === 'running';

/** The latest run of `process` (by its start, of one of `kinds` when given), if any. */
export function latestRun(
  processes: readonly ProcessAnswer[],
  process: string,
  kinds?: readonly ProcessKind[],
): ProcessAnswer | undefined {
  return processes
    .filter((p) => p.process === process && (!kinds || kinds.includes(p.kind as ProcessKind)))
    .sort((a, b) => (a.started_at < b.started_at ? 1 : a.started_at > b.started_at ? -1 : 0))[0];
}

/**
 * One AI option's action (issue 23): its button, hidden unless the domain has the option on and the server can run
 * it, disabled with the lock's reason while a process holds it; then its live progress, and the outcome in plain
 * words: a failure's reason (front detection not sure, nothing found) or the result to check and change.
 */
export function AiAction(props: AiActionProps) {
  const { t, i18n } = useTranslation();
  const mutation = useAiStart(props.contentId, props.start, props.groupId);
  const [error, setError] = useState<string | null>(null);
  const [startedHere, setStartedHere] = useState<string | null>(null);
  // The panel's processes are the running ones (and those the socket saw end); the vehicle's recent runs add the
  // last outcome of a run that ended before this page was opened.
  const recent = useRecentRuns(props.contentId, aiOptionShown(props.ai, props.option)).data?.processes;
  const found = latestRun(
    recent ? mergeProcesses(props.processes, recent) : props.processes,
    props.process,
    props.kinds,
  );
  // The answers drop a process once it ended: the last run seen stays shown with its outcome.
  const [remembered, setRemembered] = useState<ProcessAnswer | undefined>(undefined);
  useEffect(() => {
    if (found) setRemembered(found);
  }, [found]);
  // A run last seen going that the answers no longer list has ended: its outcome is read from the server.
  const gone = !found && remembered && live(remembered) ? remembered.id : undefined;
  const outcome = useProcessOutcome(props.contentId, gone).data?.process;
  const latest = found ?? (gone ? outcome : remembered);
  const status = latest?.status ?? (gone ? 'ended' : 'none');
  const ended = latest && !live(latest) ? latest : undefined;
  const onEnded = useRef(props.onEnded);
  onEnded.current = props.onEnded;
  useEffect(() => {
    if (ended && ended.id === startedHere) onEnded.current?.();
  }, [ended, startedHere]);

  if (!aiOptionShown(props.ai, props.option)) return null;
  const lock = lockFor(runningOf({ processes: [...props.processes] }), props.operation);
  const reason = lock.reason ?? props.disabledReason ?? null;
  const base = `aiOptions.${props.texts}`;
  const testId = `ai-${props.option}${props.start.endsWith('Images') ? `-${props.start}` : ''}`;

  // A start refused for what the vehicle lacks or already has (422, rule `requires`) says so in the action's own
  // words where it has them: the generic sentence names a field the dealer never sees.
  const refusalText = (cause: ApiError) =>
    cause.fields.some((f) => f.rule === 'requires') && i18n.exists(`${base}.requires`)
      ? t(`${base}.requires`)
      : exteriorErrorText(cause);

  const run = async (file?: File) => {
    setError(null);
    try {
      const answer = await mutation.mutateAsync(file);
      setStartedHere(answer.process.id);
      // A run that ends before any read lists it is still this action's latest: its outcome is then read by id.
      setRemembered((known) => (known?.id === answer.process.id ? known : answer.process));
      notifySuccess(t(`${base}.started`));
    } catch (cause) {
      setError(cause instanceof ApiError ? refusalText(cause) : t('errors.general_error'));
    }
  };

  return (
    <Stack gap={6} data-testid={testId} data-status={status}>
      <Group gap="sm" wrap="wrap" align="center">
        <StartButton
          picture={props.picture === true}
          onStart={(file) => void run(file)}
          loading={mutation.isPending}
          disabled={props.readOnly || reason !== null || (latest !== undefined && live(latest))}
          testId={`${testId}-start`}
          label={t(`${base}.button`)}
        />
        {reason ? (
          <Text size="xs" c="orange.9" data-testid={`${testId}-locked`}>
            {reason}
          </Text>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7">
        {t(`${base}.help`)}
      </Text>
      {latest && live(latest) ? (
        <Progress
          value={latest.progress}
          animated
          aria-label={t('contentsDetail.progressOf', { name: t(`processes.${latest.process}`) })}
        />
      ) : null}
      {ended?.status === 'failed' ? (
        <Alert color="orange" variant="light" data-testid={`${testId}-failed`}>
          {processErrorText(ended.error ?? '')}
        </Alert>
      ) : null}
      {ended?.status === 'succeeded' ? (
        <Stack gap={4} data-testid={`${testId}-done`}>
          <Text size="sm">{t(`${base}.done`)}</Text>
          {props.result}
        </Stack>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The action's button: a start, or with `picture` the file picker whose choice starts it. */
function StartButton(props: {
  picture: boolean;
  onStart: (file?: File) => void;
  loading: boolean;
  disabled: boolean;
  testId: string;
  label: string;
}) {
  const button = (extra: { onClick: () => void }) => (
    <Button
      type="button"
      variant="light"
      leftSection={<IconSparkles size={16} aria-hidden />}
      loading={props.loading}
      disabled={props.disabled}
      data-testid={props.testId}
      {...extra}
    >
      {props.label}
    </Button>
  );
  if (!props.picture) return button({ onClick: () => props.onStart() });
  return (
    <FileButton accept="image/jpeg,image/png" onChange={(file) => file && props.onStart(file)}>
      {(picker) => button(picker)}
    </FileButton>
  );
}

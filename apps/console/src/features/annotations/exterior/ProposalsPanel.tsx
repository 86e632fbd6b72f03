import { Alert, Group, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { HotspotAnswer, ProcessAnswer } from '@spinyard/domain';
import { IconCheck, IconSparkles, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useContent } from '../../../api/contentDetail.ts';
import { useContentProgress } from '../../../api/contentProgress.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { hotspotKeys, useDecideProposals, useDetectParts } from '../../../api/hotspots.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { processErrorText } from '../../media/exterior/exteriorText.ts';

/** The vehicle's latest automatic annotation, if it ever ran. */
function latestRun(processes: readonly ProcessAnswer[] | undefined): ProcessAnswer | undefined {
  return [...(processes ?? [])].reverse().find((p) => p.process === 'exterior_autodetect_annotation');
}

const errorText = (error: unknown) => (error instanceof ApiError ? apiErrorText(error) : null);

/**
 * Automatic annotation in the exterior editor (docs/decisions.md, "Automatic annotation"): the button that starts
 * it, its progress and outcome (live over the progress socket), and the proposals it made, each shown on its frames
 * like any hotspot, accepted or rejected one by one or all at once. What it can and cannot find is said above the
 * button, in the product's words; nothing proposed is published until accepted.
 */
export function ProposalsPanel(props: {
  contentId: string;
  /** The exterior's hotspots, every row. */
  items: readonly HotspotAnswer[];
  readOnly: boolean;
  onSelect: (id: string) => void;
}) {
  const { contentId, readOnly } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  useContentProgress();
  const content = useContent(contentId);
  const detect = useDetectParts(contentId);
  const decide = useDecideProposals(contentId, 'exterior');
  const run = latestRun(content.data?.processes);
  const running = run?.status === 'queued' || run?.status === 'running';
  const proposals = props.items.filter((h) => h.proposed);

  // The proposals are written as the process ends: the list is read again then.
  useEffect(() => {
    if (run?.status === 'succeeded')
      void client.invalidateQueries({ queryKey: hotspotKeys.list(contentId, 'exterior') });
  }, [client, contentId, run?.status]);

  const refusal = errorText(detect.error) ?? errorText(decide.error);
  const detectButton = {
    size: 'xs',
    tone: 'light',
    icon: IconSparkles,
    loading: detect.isPending,
    disabled: readOnly || running,
    w: 'fit-content',
  } as const;
  const rowProps = { readOnly, onSelect: props.onSelect, decide: decide.mutate };
  return (
    <Stack gap="xs" data-testid="proposals">
      <Title order={3} size="sm">
        {t('annotations.proposals.title')}
      </Title>
      <ToolButton {...detectButton} onClick={() => detect.mutate()} data-testid="proposals-detect">
        {t('annotations.proposals.detect')}
      </ToolButton>
      <Text size="xs" c="gray.7">
        {t('annotations.proposals.what')}
      </Text>
      {running ? (
        <Progress
          value={run.progress}
          aria-label={t('annotations.proposals.running')}
          data-testid="proposals-progress"
        />
      ) : null}
      {run?.status === 'failed' && proposals.length === 0 ? (
        <Alert color="orange" variant="light" p="xs" data-testid="proposals-failed">
          {processErrorText(run.error ?? '')}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="red" variant="light" p="xs" role="alert" data-testid="proposals-error">
          {refusal}
        </Alert>
      ) : null}
      {proposals.length > 0 ? (
        <>
          <Group gap="xs" wrap="wrap">
            <DecisionButtons
              size="compact-sm"
              readOnly={readOnly}
              loading={decide.isPending}
              onDecide={(decision) => decide.mutate({ decision })}
              label={(d) => t(`annotations.proposals.${d}All`, { count: proposals.length })}
              testId={(d) => `proposals-${d}-all`}
            />
          </Group>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {proposals.map((h, i) => (
              <ProposalRow key={h.id} hotspot={h} index={i} {...rowProps} />
            ))}
          </Stack>
        </>
      ) : run?.status === 'succeeded' ? (
        <Text size="sm" c="gray.7" data-testid="proposals-none">
          {t('annotations.proposals.none')}
        </Text>
      ) : null}
    </Stack>
  );
}

function ProposalRow(props: {
  hotspot: HotspotAnswer;
  index: number;
  readOnly: boolean;
  onSelect: (id: string) => void;
  decide: (change: { decision: Decision; ids: string[] }) => void;
}) {
  const { hotspot: h, index } = props;
  const { t } = useTranslation();
  // In spin order: a track may run past the row's last frame on to its first (frames 23, 24, 1, 2).
  const keys = h.exterior?.key_frames ?? [];
  const first = keys[0];
  const last = keys.at(-1);
  const range =
    first && last ? t('annotations.proposals.frames', { first: first.frame + 1, last: last.frame + 1 }) : '';
  return (
    <li data-testid={`proposal-${index + 1}`}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <UnstyledButton onClick={() => props.onSelect(h.id)} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {h.title}{' '}
            <Text span size="xs" c="gray.7">
              {range}
            </Text>
          </Text>
        </UnstyledButton>
        <DecisionButtons
          size="compact-xs"
          readOnly={props.readOnly}
          onDecide={(decision) => props.decide({ decision, ids: [h.id] })}
          label={(d) => t(`annotations.proposals.${d}`)}
          aria={(d) => t(`annotations.proposals.${d}One`, { title: h.title })}
          testId={(d) => `proposal-${d}-${index + 1}`}
        />
      </Group>
    </li>
  );
}

type Decision = 'accept' | 'reject';

/** Accept and reject, for one proposal or for all of them. */
function DecisionButtons(props: {
  size: 'compact-xs' | 'compact-sm';
  readOnly: boolean;
  loading?: boolean;
  onDecide: (decision: Decision) => void;
  label: (decision: Decision) => string;
  aria?: (decision: Decision) => string;
  testId: (decision: Decision) => string;
}) {
  return (['accept', 'reject'] as const).map((decision) => (
    <ToolButton
      key={decision}
      size={props.size}
      tone={decision === 'accept' ? 'light' : 'danger'}
      icon={decision === 'accept' ? IconCheck : IconX}
      disabled={props.readOnly}
      loading={props.loading ?? false}
      onClick={() => props.onDecide(decision)}
      aria-label={props.aria?.(decision)}
      data-testid={props.testId(decision)}
    >
      {props.label(decision)}
    </ToolButton>
  ));
}

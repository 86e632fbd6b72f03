import { Alert, Button, Group, NumberInput, RangeSlider, Stack, Text } from '@mantine/core';
import { type ExteriorGroupAnswer, type ExteriorTrimSourceAnswer, trimProblem } from '@spinyard/domain';
import { IconCut, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useTrimRow, useTrimSource } from '../../../api/exteriorTrim.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { MediaPicture } from './MediaPicture.tsx';

/** Frames shown in the strip (wrapping, never a scrolled box): enough to see where the turn starts and ends. */
const STRIP_FRAMES = 12;
const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/** The exterior upload, where "upload again" leads (the edit page opens on its exterior step). */
export const exteriorUploadPath = (contentId: string) => `/contents/edit/${encodeURIComponent(contentId)}?tab=exterior`;

/**
 * Trim a row to one turn: the dealer picks the start and end (seconds) of the row's kept walk-around on a range
 * slider, seeing the row's frames with their time in the video; the row is then made again from that part on the
 * server (a `multiple` process). A row whose original is gone offers "upload again" instead.
 */
export function TrimDialog({
  contentId,
  group,
  onClose,
}: {
  contentId: string;
  group: ExteriorGroupAnswer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const source = useTrimSource(contentId, group?.group_id ?? null);
  return (
    <DialogShell
      opened={group !== null}
      onClose={onClose}
      title={t('exterior.trim.title', { row: group?.group_order ?? 1 })}
    >
      {group && source.data ? (
        <TrimForm contentId={contentId} group={group} source={source.data} onClose={onClose} />
      ) : source.error ? (
        <RefusalAlert
          refusal={source.error instanceof ApiError ? apiErrorText(source.error) : t('errors.general_error')}
        />
      ) : (
        <CenteredLoader py={32} />
      )}
    </DialogShell>
  );
}

function TrimForm({
  contentId,
  group,
  source,
  onClose,
}: {
  contentId: string;
  group: ExteriorGroupAnswer;
  source: ExteriorTrimSourceAnswer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const trim = useTrimRow(contentId);
  const total = source.source_seconds ?? 0;
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    setRange([tenth(source.start_seconds), tenth(Math.min(source.end_seconds ?? total, total))]);
  }, [source, total]);

  if (!source.kept) {
    return (
      <Stack gap="md" data-testid="trim-not-kept">
        <Alert color="yellow">{t('exterior.trim.notKept')}</Alert>
        <Group justify="flex-end">
          <LinkButton to={exteriorUploadPath(contentId)} icon={IconUpload} testId="trim-upload-again">
            {t('exterior.turnCheck.uploadAgain')}
          </LinkButton>
        </Group>
      </Stack>
    );
  }

  const [start, end] = range;
  const problem = trimProblem(
    { start_seconds: start, end_seconds: end },
    { seconds: total, minSeconds: source.min_seconds },
  );
  const problemText = problem ? t(`validation.${problem.rule}`, { field: t(`fields.${problem.field}`) }) : null;
  const step = Math.max(1, Math.ceil(group.sheets.length / STRIP_FRAMES));
  const strip = group.sheets
    .map((sheet, i) => ({ sheet, seconds: source.frame_seconds[i] }))
    .filter((_, i) => i % step === 0);

  const submit = async () => {
    setRefusal(null);
    try {
      await trim.mutateAsync({ groupId: group.group_id, body: { start_seconds: start, end_seconds: end } });
      notifySuccess(t('exterior.trim.started', { row: group.group_order }));
      onClose();
    } catch (error) {
      setRefusal(error instanceof ApiError ? apiErrorText(error) : t('errors.general_error'));
    }
  };

  return (
    <Stack gap="md" data-testid="trim-dialog">
      <Text size="sm">{t('exterior.trim.intro')}</Text>
      <Text size="sm" fw={600} id="trim-frames-label">
        {t('exterior.trim.frames')}
      </Text>
      <Group gap={6} wrap="wrap" role="group" aria-labelledby="trim-frames-label" data-testid="trim-strip">
        {strip.map(({ sheet, seconds }) => (
          <Stack key={sheet.id} gap={2} w={72}>
            <MediaPicture
              image={sheet.image}
              size="thumbnail"
              alt={t('exterior.trim.frameAt', { seconds: tenth(seconds ?? 0) })}
            />
            <Text size="xs" c="gray.8" ta="center">
              {tenth(seconds ?? 0)} s
            </Text>
          </Stack>
        ))}
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={600} id="trim-range-label">
          {t('exterior.trim.range')}
        </Text>
        <RangeSlider
          min={0}
          max={tenth(total)}
          step={0.1}
          minRange={0.1}
          value={range}
          onChange={setRange}
          label={(v) => `${v} s`}
          thumbFromLabel={t('exterior.trim.start')}
          thumbToLabel={t('exterior.trim.end')}
          aria-labelledby="trim-range-label"
          data-testid="trim-range"
        />
      </Stack>
      <Group grow gap="sm">
        {(['start', 'end'] as const).map((edge, i) => (
          <NumberInput
            key={edge}
            label={t(`exterior.trim.${edge}`)}
            value={range[i]}
            min={0}
            max={tenth(total)}
            step={0.1}
            decimalScale={1}
            onChange={(v) => setRange(i === 0 ? [Number(v) || 0, end] : [start, Number(v) || 0])}
            data-testid={`trim-${edge}`}
          />
        ))}
      </Group>
      <Text size="sm" c={problem ? 'red.8' : 'gray.8'} aria-live="polite" data-testid="trim-length">
        {problemText ?? t('exterior.trim.length', { seconds: tenth(end - start), min: source.min_seconds })}
      </Text>
      <RefusalAlert refusal={refusal} testId="trim-refusal" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={trim.isPending}>
          {t('domains.common.cancel')}
        </Button>
        <Button
          leftSection={<IconCut size={16} aria-hidden />}
          onClick={() => void submit()}
          disabled={problem !== undefined}
          loading={trim.isPending}
          data-testid="trim-submit"
        >
          {t('exterior.trim.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

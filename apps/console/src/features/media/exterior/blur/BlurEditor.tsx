import {
  Alert,
  Button,
  ColorInput,
  Grid,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BLUR_LIMITS,
  type BlurApplyBody,
  type BlurRowAnswer,
  type BlurTarget,
  type ProcessAnswer,
  regionsOnFrame,
} from '@spinyard/domain';
import { IconArrowBackUp, IconChevronLeft, IconChevronRight, IconInfoCircle, IconWand } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContent } from '../../../../api/contentDetail.ts';
import { useContentProgress } from '../../../../api/contentProgress.ts';
import {
  blurRunning,
  useApplyBlur,
  useBlurPreview,
  useBlurredContent,
  useDebounced,
  useObjectUrl,
  useUndoBlur,
} from '../../../../api/exteriorBlur.ts';
import { notifySuccess } from '../../../../api/notify.ts';
import { CenteredLoader } from '../../../../components/CenteredLoader.tsx';
import { i18n } from '../../../../i18n/i18n.ts';
import { editorReducer, initialState } from './editorState.ts';
import { FrameCanvas } from './FrameCanvas.tsx';
import { FrameStrip } from './FrameStrip.tsx';
import { NeighbourPreview } from './NeighbourPreview.tsx';
import { RegionList } from './RegionList.tsx';

export interface BlurEditorProps {
  contentId: string;
  groupId: string;
  opened: boolean;
  onClose: () => void;
}

type Look = 'blur' | 'color';

/** The text of a failed blur process: its catalogue code in the user's language, else the generic sentence. */
function processFailureText(error: string | null): string {
  const code = error ? /^([a-z0-9_]+): /.exec(error)?.[1] : undefined;
  return code && i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`) : i18n.t('exteriorBlur.apply.failed');
}

/**
 * The blur and replace-image editor's blur (issue 9): regions (licence plates, faces, signs) drawn on a frame of a
 * spin row and carried to the other frames by interpolation between key frames; blurred or filled with a colour,
 * inside the regions or outside them (the background); previewed on the frame shown (the server's blurred_preview)
 * and on its neighbours (the carried boxes); applied as the `blur` process with its live progress; undone. Full
 * screen on a phone.
 */
export function BlurEditor({ contentId, groupId, opened, onClose }: BlurEditorProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen={phone} size="min(96rem, 96vw)" radius="md">
      <Modal.Overlay />
      <Modal.Content data-testid="blur-editor">
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title fw={700} fz="lg">
            {t('exteriorBlur.title')}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('exteriorBlur.close')} />
        </Modal.Header>
        <Modal.Body>{opened ? <EditorBody contentId={contentId} groupId={groupId} /> : null}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function EditorBody({ contentId, groupId }: { contentId: string; groupId: string }) {
  const { t } = useTranslation();
  const answer = useBlurredContent(contentId);
  if (answer.isPending) return <CenteredLoader />;
  const row = answer.data?.rows.find((r) => r.group_id === groupId);
  if (answer.isError || !answer.data || !row) {
    return (
      <Alert color="red" icon={<IconInfoCircle aria-hidden="true" />}>
        {t('exteriorBlur.rowMissing')}
      </Alert>
    );
  }
  if (row.frames.length === 0) {
    return <Alert icon={<IconInfoCircle aria-hidden="true" />}>{t('exteriorBlur.noFrames')}</Alert>;
  }
  return (
    <Editor
      contentId={contentId}
      row={row}
      backgroundAllowed={answer.data.background_blur}
      process={answer.data.process}
    />
  );
}

function Editor({
  contentId,
  row,
  backgroundAllowed,
  process: lastProcess,
}: {
  contentId: string;
  row: BlurRowAnswer;
  backgroundAllowed: boolean;
  process: ProcessAnswer | null;
}) {
  const { t } = useTranslation();
  const n = row.frames.length;
  const saved = row.settings;
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialState(saved?.regions ?? [], n));
  const [target, setTarget] = useState<BlurTarget>(
    saved?.blur_target === 'background' && backgroundAllowed ? 'background' : 'regions',
  );
  const [look, setLook] = useState<Look>(saved?.bg_color ? 'color' : 'blur');
  const [strength, setStrength] = useState(saved?.blur_str ?? BLUR_LIMITS.defaultStrength);
  const [color, setColor] = useState(saved?.bg_color ?? '#202020');
  const [started, setStarted] = useState<ProcessAnswer | null>(null);

  const frame = row.frames[state.frame] ?? row.frames[0];
  const display = frame?.original.renditions.display ?? frame?.original.renditions.thumbnail;
  const selectedRegion = state.regions.find((r) => r.id === state.selected);
  const colorValid = /^#[0-9a-fA-F]{6}$/.test(color);

  // The preview: the regions as they stand on the frame shown (short whatever the key frames), settled for 300 ms.
  const previewParams = useDebounced(
    useMemo(
      () => ({
        groupId: row.group_id,
        frame: state.frame,
        target,
        strength: look === 'blur' ? strength : null,
        color: look === 'color' && colorValid ? color.toLowerCase() : null,
        regions: regionsOnFrame(state.regions, state.frame, n),
      }),
      [row.group_id, state.frame, state.regions, n, target, look, strength, color, colorValid],
    ),
    300,
  );
  const preview = useBlurPreview(contentId, look === 'color' && !colorValid ? null : previewParams);
  const previewUrl = useObjectUrl(preview.data);

  // Progress: the live socket's messages (written into the vehicle's cached read), the polled blur answer, and the
  // apply's own answer; an ended one wins, else the furthest along. A blur already running when the editor opens
  // is shown too.
  useContentProgress();
  const content = useContent(contentId);
  const processId = started?.id ?? (blurRunning(lastProcess) ? (lastProcess?.id ?? null) : null);
  const candidates = [
    lastProcess?.id === processId ? lastProcess : null,
    content.data?.processes.find((p) => p.id === processId) ?? null,
    started,
  ].filter((p): p is ProcessAnswer => p !== null && p.id === processId);
  // Once a source has said the process ended, that stands: a slower source (the apply answer, a poll in flight)
  // may still say it is queued, and the line must not go back to 0 %.
  const endedNow = candidates.find((p) => !blurRunning(p));
  const [ended, setEnded] = useState<ProcessAnswer | null>(null);
  useEffect(() => {
    if (endedNow && (endedNow.id !== ended?.id || endedNow.status !== ended.status)) setEnded(endedNow);
  }, [endedNow, ended]);
  const shownProcess =
    (ended?.id === processId ? ended : undefined) ??
    endedNow ??
    [...candidates].sort((x, y) => y.progress - x.progress)[0];
  const running = blurRunning(shownProcess);
  const endedStatus = shownProcess && !running ? shownProcess.status : null;

  // Said once per process, however its sources (socket, poll) come and go.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (endedStatus !== 'succeeded' || !processId || told.current === processId) return;
    told.current = processId;
    notifySuccess(t('exteriorBlur.apply.done'));
  }, [endedStatus, processId, t]);

  const apply = useApplyBlur(contentId);
  const undo = useUndoBlur(contentId);
  const blurredCount = row.frames.filter((f) => f.edit_kind === 'blur').length;

  const onApply = () => {
    const body: BlurApplyBody = {
      group_id: row.group_id,
      blur_target: target,
      regions: state.regions,
      ...(look === 'color' ? { bg_color: color.toLowerCase() } : { blur_str: strength }),
    };
    apply.mutate(body, { onSuccess: (answer) => setStarted(answer.process) });
  };
  const onUndo = () =>
    undo.mutate(row.group_id, {
      onSuccess: (answer) => notifySuccess(t('exteriorBlur.undo.done', { count: answer.restored })),
    });

  if (!frame || !display) return null;
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Button
              type="button"
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
              onClick={() => dispatch({ type: 'goto', frame: state.frame - 1 })}
            >
              {t('exteriorBlur.previousFrame')}
            </Button>
            <Text size="sm" fw={600} data-testid="blur-frame-number">
              {t('exteriorBlur.frameOf', { n: state.frame + 1, count: n })}
            </Text>
            <Button
              type="button"
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden="true" />}
              onClick={() => dispatch({ type: 'goto', frame: state.frame + 1 })}
            >
              {t('exteriorBlur.nextFrame')}
            </Button>
          </Group>
          <FrameCanvas
            imageUrl={display.jpeg}
            width={display.width}
            height={display.height}
            frame={state.frame}
            n={n}
            regions={state.regions}
            selected={state.selected}
            dispatch={dispatch}
          />
          {frame.edit_kind === 'replace' ? (
            <Alert color="gray" icon={<IconInfoCircle aria-hidden="true" />} p="xs" data-testid="blur-replaced-note">
              {t('exteriorBlur.canvas.replaced')}
            </Alert>
          ) : null}
          <FrameStrip
            frames={row.frames}
            frame={state.frame}
            region={selectedRegion}
            onPick={(f) => dispatch({ type: 'goto', frame: f })}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <RegionList regions={state.regions} selected={state.selected} frame={state.frame} n={n} dispatch={dispatch} />
          <Stack gap={6}>
            <Text fw={600} size="sm" id="blur-target-label">
              {t('exteriorBlur.target.label')}
            </Text>
            <SegmentedControl
              aria-labelledby="blur-target-label"
              value={target}
              onChange={(v) => setTarget(v as BlurTarget)}
              data={[
                { value: 'regions', label: t('exteriorBlur.target.regions') },
                { value: 'background', label: t('exteriorBlur.target.background'), disabled: !backgroundAllowed },
              ]}
              fullWidth
            />
            {!backgroundAllowed ? (
              <Text size="xs" c="gray.7">
                {t('exteriorBlur.target.backgroundOff')}
              </Text>
            ) : target === 'background' ? (
              <Text size="xs" c="gray.7">
                {t('exteriorBlur.target.backgroundHint')}
              </Text>
            ) : null}
            <Text fw={600} size="sm" id="blur-look-label">
              {t('exteriorBlur.look.label')}
            </Text>
            <SegmentedControl
              aria-labelledby="blur-look-label"
              value={look}
              onChange={(v) => setLook(v as Look)}
              data={[
                { value: 'blur', label: t('exteriorBlur.look.blur') },
                { value: 'color', label: t('exteriorBlur.look.color') },
              ]}
              fullWidth
            />
            {look === 'blur' ? (
              <Stack gap={2}>
                <Text size="sm" id="blur-strength-label">
                  {t('exteriorBlur.look.strength', { value: strength })}
                </Text>
                <Slider
                  min={BLUR_LIMITS.minStrength}
                  max={BLUR_LIMITS.maxStrength}
                  value={strength}
                  onChange={setStrength}
                  thumbLabel={t('exteriorBlur.look.strengthLabel')}
                  aria-labelledby="blur-strength-label"
                  data-testid="blur-strength"
                  mb="xs"
                />
              </Stack>
            ) : (
              <ColorInput
                label={t('exteriorBlur.look.colorLabel')}
                value={color}
                onChange={setColor}
                format="hex"
                swatches={['#202020', '#ffffff', '#808080', '#1c7ed6', '#2f9e44']}
                error={colorValid ? undefined : t('exteriorBlur.look.colorInvalid')}
                eyeDropperButtonProps={{ 'aria-label': t('exteriorBlur.look.eyeDropper') }}
                data-testid="blur-color"
              />
            )}
          </Stack>
          <NeighbourPreview
            frames={row.frames}
            frame={state.frame}
            regions={state.regions}
            selected={state.selected}
            onPick={(f) => dispatch({ type: 'goto', frame: f })}
            previewUrl={previewUrl}
            previewLoading={preview.isFetching}
            previewFailed={preview.isError}
            previewFrame={preview.isPlaceholderData ? null : previewParams.frame}
          />
          <Stack gap={6}>
            {shownProcess ? (
              <ProcessLine process={shownProcess} />
            ) : (
              <Text size="xs" c="gray.7">
                {t('exteriorBlur.apply.hint', { count: blurredCount })}
              </Text>
            )}
            <Group gap="sm" wrap="wrap">
              <Button
                type="button"
                leftSection={<IconWand size={16} aria-hidden="true" />}
                onClick={onApply}
                loading={apply.isPending}
                disabled={state.regions.length === 0 || running || (look === 'color' && !colorValid)}
                data-testid="blur-apply"
              >
                {t('exteriorBlur.apply.button')}
              </Button>
              <Button
                type="button"
                variant="default"
                leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
                onClick={onUndo}
                loading={undo.isPending}
                disabled={blurredCount === 0 || running}
                data-testid="blur-undo"
              >
                {t('exteriorBlur.undo.button')}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function ProcessLine({ process }: { process: ProcessAnswer | null | undefined }) {
  const { t } = useTranslation();
  if (!process) return null;
  const running = blurRunning(process);
  const value = process.status === 'succeeded' ? 100 : process.progress;
  return (
    <Stack gap={4} data-testid="blur-progress" data-status={process.status}>
      <Text size="sm" aria-live="polite" c={process.status === 'failed' ? 'red.8' : undefined}>
        {running
          ? t('exteriorBlur.apply.running', { percent: value })
          : process.status === 'succeeded'
            ? t('exteriorBlur.apply.succeeded')
            : processFailureText(process.error)}
      </Text>
      <Progress
        value={value}
        color={process.status === 'failed' ? 'red' : process.status === 'succeeded' ? 'green' : 'blue'}
        animated={running}
        aria-label={t('exteriorBlur.apply.progressLabel')}
      />
    </Stack>
  );
}

import { Alert, Button, Grid, Group, Modal, Stack, Text } from '@mantine/core';
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
import { BlurCanvas } from './BlurCanvas.tsx';
import { BlurStrip } from './BlurStrip.tsx';
import { CloseConfirm } from './CloseConfirm.tsx';
import { DraftNotice, useBlurDraft, useDraftSync } from './DraftNotice.tsx';
import { type BlurDraftSettings, removeBlurDraft } from './draft.ts';
import { editorReducer, initialState } from './editorState.ts';
import { type Look, LookControls } from './LookControls.tsx';
import { NeighbourPreview } from './NeighbourPreview.tsx';
import { ProcessLine } from './ProcessLine.tsx';
import { RegionList } from './RegionList.tsx';

export interface BlurEditorProps {
  contentId: string;
  groupId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The blur and replace-image editor's blur (issue 9): regions (licence plates, faces, signs) drawn on a frame of a
 * spin row and carried to the other frames by interpolation between key frames; blurred or filled with a colour,
 * inside the regions or outside them (the background); previewed on the frame shown (the server's blurred_preview)
 * and on its neighbours (the carried boxes); applied as the `blur` process with its live progress; undone. Full
 * screen on a phone. Work not applied is kept in this browser as a draft (draft.ts) and restored when the row's
 * editor opens again; closing with such work asks first.
 */
export function BlurEditor({ contentId, groupId, opened, onClose }: BlurEditorProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  return (
    <>
      <Modal.Root
        opened={opened}
        onClose={() => (dirty ? setConfirming(true) : close())}
        // Mantine hears Escape on the window: with the question open, Escape answers the question only.
        closeOnEscape={!confirming}
        fullScreen={phone}
        size="min(96rem, 96vw)"
        radius="md"
      >
        <Modal.Overlay />
        <Modal.Content data-testid="blur-editor">
          <Modal.Header renderRoot={(props) => <div {...props} />}>
            <Modal.Title fw={700} fz="lg">
              {t('exteriorBlur.title')}
            </Modal.Title>
            <Modal.CloseButton aria-label={t('exteriorBlur.close')} />
          </Modal.Header>
          <Modal.Body>
            {opened ? <EditorBody contentId={contentId} groupId={groupId} onDirty={setDirty} /> : null}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      <CloseConfirm
        opened={confirming}
        onKeepEditing={() => setConfirming(false)}
        onClose={close}
        onDiscard={() => {
          removeBlurDraft(contentId, groupId);
          close();
        }}
      />
    </>
  );
}

interface BodyProps {
  contentId: string;
  groupId: string;
  /** Whether the editor holds changes not applied (the close asks first). */
  onDirty: (dirty: boolean) => void;
}

function EditorBody({ contentId, groupId, onDirty }: BodyProps) {
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
      onDirty={onDirty}
    />
  );
}

interface EditorProps {
  contentId: string;
  row: BlurRowAnswer;
  backgroundAllowed: boolean;
  process: ProcessAnswer | null;
  onDirty: (dirty: boolean) => void;
}

function Editor({ contentId, row, backgroundAllowed, process: lastProcess, onDirty }: EditorProps) {
  const { t } = useTranslation();
  const n = row.frames.length;
  // The draft restored at opening (else the applied settings) is where every control starts.
  const draft = useBlurDraft(contentId, row, backgroundAllowed);
  const start = draft.start;
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialState(start.regions, n));
  const [target, setTarget] = useState<BlurTarget>(start.blur_target);
  const [look, setLook] = useState<Look>(start.bg_color ? 'color' : 'blur');
  const [strength, setStrength] = useState(start.blur_str ?? BLUR_LIMITS.defaultStrength);
  const [color, setColor] = useState(start.bg_color ?? '#202020');
  const [started, setStarted] = useState<ProcessAnswer | null>(null);

  const frame = row.frames[state.frame] ?? row.frames[0];
  const display = frame?.original.renditions.display ?? frame?.original.renditions.thumbnail;
  const selectedRegion = state.regions.find((r) => r.id === state.selected);
  const colorValid = /^#[0-9a-fA-F]{6}$/.test(color);

  const current = useMemo<BlurDraftSettings>(
    () => ({
      blur_target: target,
      blur_str: look === 'blur' ? strength : null,
      bg_color: look === 'color' ? color.toLowerCase() : null,
      regions: state.regions,
    }),
    [target, look, strength, color, state.regions],
  );
  const dirty = useDraftSync(contentId, row, current, draft.baseline);
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
  }, [dirty, onDirty]);
  const toSettings = (s: BlurDraftSettings) => {
    dispatch({ type: 'reset', regions: s.regions });
    setTarget(s.blur_target);
    setLook(s.bg_color ? 'color' : 'blur');
    setStrength(s.blur_str ?? BLUR_LIMITS.defaultStrength);
    setColor(s.bg_color ?? '#202020');
  };

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
    apply.mutate(body, {
      onSuccess: (answer) => {
        // The server holds these settings now: they are no longer a draft.
        draft.applied(current);
        setStarted(answer.process);
      },
    });
  };
  const onUndo = () =>
    undo.mutate(row.group_id, {
      onSuccess: (answer) => notifySuccess(t('exteriorBlur.undo.done', { count: answer.restored })),
    });

  if (!frame || !display) return null;
  return (
    <Grid gutter="lg">
      {draft.restoredAt && dirty ? (
        <Grid.Col span={12}>
          <DraftNotice at={draft.restoredAt} onDiscard={() => toSettings(draft.discard())} />
        </Grid.Col>
      ) : null}
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
          <BlurCanvas
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
          <BlurStrip
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
          <LookControls
            target={target}
            onTarget={setTarget}
            backgroundAllowed={backgroundAllowed}
            look={look}
            onLook={setLook}
            strength={strength}
            onStrength={setStrength}
            color={color}
            onColor={setColor}
            colorValid={colorValid}
          />
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

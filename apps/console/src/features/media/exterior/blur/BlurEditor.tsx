import { Alert, Grid, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BlurApplyBody, BlurRowAnswer, ProcessAnswer } from '@spinyard/domain';
import { IconArrowBackUp, IconInfoCircle, IconWand } from '@tabler/icons-react';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyBlur, useBlurredContent, useUndoBlur } from '../../../../api/exteriorBlur.ts';
import { notifySuccess } from '../../../../api/notify.ts';
import { CenteredLoader } from '../../../../components/CenteredLoader.tsx';
import { ToolButton } from '../../../../shared/buttons/ToolButton.tsx';
import { FrameSteps } from '../../../../shared/frames/FrameSteps.tsx';
import { BlurCanvas } from './BlurCanvas.tsx';
import { BlurStrip } from './BlurStrip.tsx';
import { CloseConfirm } from './CloseConfirm.tsx';
import { DraftNotice, useBlurDraft, useDraftSync } from './DraftNotice.tsx';
import { type BlurDraftSettings, removeBlurDraft } from './draft.ts';
import { editorReducer, initialState } from './editorState.ts';
import { LookControls, useLook } from './LookControls.tsx';
import { NeighbourPreview } from './NeighbourPreview.tsx';
import { ProcessLine } from './ProcessLine.tsx';
import { RegionList } from './RegionList.tsx';
import { useBlurProcess } from './useBlurProcess.ts';
import { useFramePreview } from './useFramePreview.ts';

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
  const looks = useLook(start);
  const { target, look, strength, color, colorValid } = looks;
  const [started, setStarted] = useState<ProcessAnswer | null>(null);

  const frame = row.frames[state.frame] ?? row.frames[0];
  const display = frame?.original.renditions.display ?? frame?.original.renditions.thumbnail;
  const selectedRegion = state.regions.find((r) => r.id === state.selected);

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
    looks.reset(s);
  };

  const { previewParams, preview, previewUrl } = useFramePreview(contentId, row, state, {
    target,
    strength: look === 'blur' ? strength : null,
    color: look === 'color' ? (colorValid ? color.toLowerCase() : undefined) : null,
  });
  const { shownProcess, running } = useBlurProcess(contentId, lastProcess, started);

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
          <FrameSteps
            frame={state.frame}
            onFrame={(f) => dispatch({ type: 'goto', frame: f })}
            previous={t('exteriorBlur.previousFrame')}
            next={t('exteriorBlur.nextFrame')}
            position={t('exteriorBlur.frameOf', { n: state.frame + 1, count: n })}
            testId="blur"
          />
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
          <LookControls {...looks.controls} backgroundAllowed={backgroundAllowed} />
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
          <ApplyBar
            process={shownProcess}
            blurredCount={blurredCount}
            onApply={onApply}
            applying={apply.isPending}
            canApply={
              // Around the car needs no region: the car is found on each frame (drawn regions stay sharp).
              (state.regions.length > 0 || target === 'car_background') && !running && (look !== 'color' || colorValid)
            }
            onUndo={onUndo}
            undoing={undo.isPending}
            canUndo={blurredCount > 0 && !running}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

interface ApplyBarProps {
  process: ProcessAnswer | undefined;
  blurredCount: number;
  onApply: () => void;
  applying: boolean;
  canApply: boolean;
  onUndo: () => void;
  undoing: boolean;
  canUndo: boolean;
}

/** The blur process's line (or what applying does), with apply and undo. */
function ApplyBar(props: ApplyBarProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      {props.process ? (
        <ProcessLine process={props.process} />
      ) : (
        <Text size="xs" c="gray.7">
          {t('exteriorBlur.apply.hint', { count: props.blurredCount })}
        </Text>
      )}
      <Group gap="sm" wrap="wrap">
        <ToolButton
          tone="filled"
          icon={IconWand}
          onClick={props.onApply}
          loading={props.applying}
          disabled={!props.canApply}
          data-testid="blur-apply"
        >
          {t('exteriorBlur.apply.button')}
        </ToolButton>
        <ToolButton
          icon={IconArrowBackUp}
          onClick={props.onUndo}
          loading={props.undoing}
          disabled={!props.canUndo}
          data-testid="blur-undo"
        >
          {t('exteriorBlur.undo.button')}
        </ToolButton>
      </Group>
    </Stack>
  );
}

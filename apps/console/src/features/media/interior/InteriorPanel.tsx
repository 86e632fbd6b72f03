import { Alert, Badge, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { InteriorAnswer, InteriorSceneAnswer, ProcessAnswer } from '@spinyard/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERIOR_PROCESSES, useDeleteScene, useInterior, useOrderScenes } from '../../../api/interior.ts';
import { notifyError, notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { InteriorAiAction } from '../ai/InteriorAiAction.tsx';
import { formatBytes } from '../exterior/exteriorText.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { interiorErrorText, processName } from './interiorText.ts';
import { SceneCard } from './SceneCard.tsx';
import { UploadBox } from './UploadBox.tsx';

/** The heavy editors load only when opened. */
const ViewEditor = lazy(() => import('./ViewEditor.tsx').then((m) => ({ default: m.ViewEditor })));
const EnhanceTool = lazy(() => import('./EnhanceTool.tsx').then((m) => ({ default: m.EnhanceTool })));

const NO_PROCESSES: readonly ProcessAnswer[] = [];

const runningEdit = (p: ProcessAnswer) =>
  (p.status === 'queued' || p.status === 'running') && (INTERIOR_PROCESSES as readonly string[]).includes(p.process);

function ProcessLine({ process }: { process: ProcessAnswer }) {
  const { t } = useTranslation();
  const label = t('interior.process.running', { process: processName(process.process), progress: process.progress });
  return (
    <Stack gap={4} data-testid="interior-process">
      <Text size="sm">{label}</Text>
      <Progress value={process.progress} aria-label={label} animated />
    </Stack>
  );
}

/**
 * Says how an edit seen running here ended (the enhancement, the white balance): the server does the work, so
 * without this the progress bar would just vanish and the dealer would not know the picture changed.
 */
function useOutcomeNotices(processes: readonly ProcessAnswer[]): void {
  const { t } = useTranslation();
  const watched = useRef(new Map<string, string>());
  useEffect(() => {
    for (const p of processes) if (runningEdit(p)) watched.current.set(p.id, p.process);
    for (const [id, process] of watched.current) {
      const now = processes.find((p) => p.id === id);
      if (now && runningEdit(now)) continue;
      watched.current.delete(id);
      if (now?.status === 'failed') notifyError(t('interior.process.ended', { process: processName(process) }));
      else notifySuccess(t('interior.process.finished', { process: processName(process) }));
    }
  }, [processes, t]);
}

/** The vehicle's interior, saying how each edit seen running ended. */
function useInteriorNoticingOutcomes(contentId: string) {
  const interior = useInterior(contentId);
  useOutcomeNotices(interior.data?.processes ?? NO_PROCESSES);
  return interior;
}

/** Moves the scene at `from` to `to` (both 0-based) and answers the ids in their new order. */
export function movedIds(scenes: readonly InteriorSceneAnswer[], from: number, to: number): string[] {
  const ids = scenes.map((s) => s.id);
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return ids;
  const [moved] = ids.splice(from, 1);
  ids.splice(to, 0, moved!);
  return ids;
}

/**
 * The wizard's interior tab: add panoramas (with upload progress and refusals in the user's language), see them in
 * order with their thumbnails, reorder them by dragging or with the up and down buttons, title them, delete them,
 * open the initial-view and zoom-point editor, and the image-quality tool (enhancement and white balance) with its
 * before and after. Every button is `type="button"`: the panel lives inside the wizard's form.
 */
export function InteriorPanel({ contentId, readOnly }: MediaPanelProps) {
  const { t } = useTranslation();
  const interior = useInteriorNoticingOutcomes(contentId);
  const order = useOrderScenes(contentId);
  const remove = useDeleteScene(contentId);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InteriorSceneAnswer | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [enhancing, setEnhancing] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);

  if (interior.isPending) return <CenteredLoader />;
  if (interior.isError) {
    return (
      <Alert color="red" role="alert">
        {t('interior.loadError')} {interiorErrorText(interior.error)}
      </Alert>
    );
  }
  const answer: InteriorAnswer = interior.data;
  const scenes = answer.scenes;
  const running = answer.processes.filter(runningEdit);
  const busy = readOnly || order.isPending || remove.isPending;

  const reorder = (from: number, to: number) => {
    setError(null);
    order.mutate(movedIds(scenes, from, to), {
      onSuccess: () => notifySuccess(t('interior.scene.reordered')),
      onError: (e) => setError(interiorErrorText(e)),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('interior.scene.deleted'));
        setDeleting(null);
      },
      onError: (e) => {
        setError(interiorErrorText(e));
        setDeleting(null);
      },
    });
  };

  const viewScene = scenes.find((s) => s.id === viewing);
  const enhanceScene = scenes.find((s) => s.id === enhancing);

  return (
    <Stack gap="md" data-testid="interior-panel">
      <InteriorHeading count={scenes.length} settings={answer.settings} />

      <UploadBox
        contentId={contentId}
        disabled={readOnly || scenes.length >= answer.settings.max_scenes}
        maxBytes={answer.settings.max_bytes}
      />

      {running.map((p) => (
        <ProcessLine key={p.id} process={p} />
      ))}

      <InteriorAiAction contentId={contentId} readOnly={readOnly} answer={answer} />

      {error && (
        <Alert color="red" role="alert" data-testid="interior-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}

      {scenes.length === 0 ? (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          {t('interior.empty')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="gray.7">
            {t('interior.scene.reorderHint')}
          </Text>
          <ol
            style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
            data-testid="interior-scenes"
          >
            {scenes.map((scene, index) => (
              <SceneCard
                key={scene.id}
                contentId={contentId}
                scene={scene}
                index={index}
                count={scenes.length}
                disabled={busy}
                onMove={(to) => reorder(index, to)}
                onDelete={() => setDeleting(scene)}
                onView={() => setViewing(scene.id)}
                onEnhance={() => setEnhancing(scene.id)}
                onDragStart={() => setDragFrom(index)}
                onDrop={() => {
                  if (dragFrom !== null) reorder(dragFrom, index);
                  setDragFrom(null);
                }}
                onError={setError}
              />
            ))}
          </ol>
        </Stack>
      )}

      <ConfirmModal
        opened={deleting !== null}
        title={t('interior.scene.deleteTitle')}
        confirmLabel={t('interior.scene.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
      >
        <Text size="sm">{t('interior.scene.deleteConfirm', { order: deleting?.order ?? '' })}</Text>
      </ConfirmModal>

      <Suspense fallback={null}>
        {viewScene && (
          <ViewEditor
            contentId={contentId}
            scene={viewScene}
            maxPoints={answer.settings.max_zoom_points}
            readOnly={readOnly}
            onClose={() => setViewing(null)}
          />
        )}
        {enhanceScene && (
          <EnhanceTool
            contentId={contentId}
            scene={enhanceScene}
            enabled={answer.settings.enhancement_enabled}
            running={running}
            readOnly={readOnly}
            onClose={() => setEnhancing(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}

/** The tab's title, how many scenes of the domain's maximum, and the rules for a panorama. */
function InteriorHeading({ count, settings }: { count: number; settings: InteriorAnswer['settings'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={3} size="h4">
          {t('interior.title')}
        </Title>
        <Badge variant="outline" color="gray.7" tt="none" fw={500}>
          {count} / {settings.max_scenes}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {t('interior.rules', { max: settings.max_scenes, size: formatBytes(settings.max_bytes) })}
      </Text>
    </>
  );
}

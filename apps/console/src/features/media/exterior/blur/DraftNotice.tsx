import { Alert, Button, Group, Text } from '@mantine/core';
import { BLUR_LIMITS, type BlurRowAnswer } from '@spinyard/domain';
import { IconRestore } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/formatDateTime.ts';
import {
  appliedSettings,
  type BlurDraftSettings,
  hasUnappliedChanges,
  readBlurDraft,
  removeBlurDraft,
  usableDraft,
  writeBlurDraft,
} from './draft.ts';

/**
 * The editor's draft at opening: where its controls start (the draft kept in this browser, else the applied
 * settings), the applied settings it compares against (moved on by an apply), and discarding the draft.
 */
export function useBlurDraft(contentId: string, row: BlurRowAnswer, backgroundAllowed: boolean) {
  // A background target the domain no longer allows opens as the regions target, like the control shows it.
  const fit = (s: BlurDraftSettings): BlurDraftSettings => ({
    ...s,
    blur_target: s.blur_target !== 'regions' && backgroundAllowed ? s.blur_target : 'regions',
  });
  const [opening] = useState(() => {
    const stored = usableDraft(readBlurDraft(contentId, row.group_id), row, new Date());
    return { applied: fit(appliedSettings(row, BLUR_LIMITS.defaultStrength)), stored };
  });
  const [baseline, setBaseline] = useState(opening.applied);
  const [restoredAt, setRestoredAt] = useState(opening.stored?.at ?? null);
  return {
    start: opening.stored ? fit(opening.stored) : opening.applied,
    baseline,
    /** When the restored draft was last changed (null: none restored, or discarded or applied since). */
    restoredAt,
    applied(settings: BlurDraftSettings) {
      setBaseline(settings);
      setRestoredAt(null);
    },
    /** Forgets the draft; answers the applied settings to go back to. */
    discard(): BlurDraftSettings {
      removeBlurDraft(contentId, row.group_id);
      setRestoredAt(null);
      return baseline;
    },
  };
}

/**
 * Keeps the editor's settings as the row's draft while they differ from the applied ones (on every change, so a
 * reload or a closed tab loses nothing), and drops the draft once they agree. Answers whether they differ.
 */
export function useDraftSync(
  contentId: string,
  row: BlurRowAnswer,
  current: BlurDraftSettings,
  baseline: BlurDraftSettings,
): boolean {
  const dirty = hasUnappliedChanges(current, baseline);
  const base = row.settings?.saved_at ?? null;
  const frames = row.frames.length;
  useEffect(() => {
    if (dirty) writeBlurDraft(contentId, row.group_id, { ...current, frames, base, at: new Date().toISOString() });
    else removeBlurDraft(contentId, row.group_id);
  }, [contentId, row.group_id, current, dirty, frames, base]);
  return dirty;
}

/** Says that unapplied work was restored from this browser, with the way back to the applied settings. */
export function DraftNotice({ at, onDiscard }: { at: string; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="blue" icon={<IconRestore aria-hidden="true" />} p="xs" data-testid="blur-draft-restored">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('exteriorBlur.draft.restored', { time: formatDateTime(at, i18n.language) })}</Text>
        <Button type="button" size="xs" variant="default" onClick={onDiscard} data-testid="blur-draft-discard">
          {t('exteriorBlur.draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}

import { Alert, Grid, Stack, Text } from '@mantine/core';
import type {
  ExteriorPlacement,
  HotspotAnswer,
  HotspotFieldValues,
  HotspotListAnswer,
  InteriorPlacement,
} from '@spinyard/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { type HotspotArea, useAddHotspot, useRemoveHotspot, useUpdateHotspot } from '../../../api/hotspots.ts';
import { notifyError, notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { HotspotFiles } from '../form/HotspotFiles.tsx';
import { HotspotForm } from '../form/HotspotForm.tsx';
import { atMaximum, HotspotList } from './HotspotList.tsx';

export interface AnnotatorPanelProps {
  contentId: string;
  area: HotspotArea;
  answer: HotspotListAnswer;
  /** The hotspots of the row or scene shown. */
  items: readonly HotspotAnswer[];
  /** The chosen hotspot's id, 'new' for one being added, or null. */
  selected: string | null;
  onSelect: (id: string | null) => void;
  readOnly: boolean;
  /** Where a new hotspot goes: null until it is placed. */
  placement: ExteriorPlacement | InteriorPlacement | null;
  /** Why a new hotspot cannot be saved yet (not placed). */
  placeFirst: string;
  /** Shown over the form of a new hotspot: how to place it. */
  placeHint?: string;
  /** Exterior rows a 360 close-up may open. */
  closeupRows: readonly { value: string; label: string }[];
  /** The row or scene with its hotspots, left of the list. */
  stage: ReactNode;
  /** Why the last move of the chosen hotspot was refused, shown under the stage. */
  moveError?: string | null;
  /** Under the form (the exterior's list of defects). */
  footer?: ReactNode;
  testId: string;
}

/** The annotator's layout: the row or scene on the left; its hotspots, the chosen one's form and files on the right. */
export function AnnotatorPanel(props: AnnotatorPanelProps) {
  const { answer, items, selected, readOnly, onSelect } = props;
  return (
    <Grid gutter="lg" data-testid={props.testId}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          {props.stage}
          {props.moveError ? (
            <Alert color="red" variant="light" role="alert" data-testid="annotation-move-error">
              {props.moveError}
            </Alert>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <HotspotList
            answer={answer}
            items={items}
            selected={selected}
            readOnly={readOnly}
            onSelect={onSelect}
            onAdd={() => onSelect('new')}
          />
          <ChosenHotspot {...props} />
          {props.footer}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The chosen (or new) hotspot's form, saved, added or deleted here, and its files once it exists. */
function ChosenHotspot(props: AnnotatorPanelProps) {
  const { contentId, area, answer, items, selected, onSelect, readOnly, placement } = props;
  const { t } = useTranslation();
  const add = useAddHotspot(contentId, area);
  const update = useUpdateHotspot(contentId, area);
  const remove = useRemoveHotspot(contentId, area);
  const isNew = selected === 'new';
  const chosen = items.find((h) => h.id === selected) ?? null;
  if (!isNew && !chosen) return null;

  const onSave = async (values: HotspotFieldValues) => {
    if (isNew && placement) {
      const created = await add.mutateAsync({ ...values, placement });
      onSelect(created.id);
      notifySuccess(t('annotations.form.created'));
    } else if (chosen) {
      // A detected hotspot keeps its type: the manual types are all the form offers.
      const { type: _, ...rest } = values;
      await update.mutateAsync({ id: chosen.id, body: chosen.type === 'auto_detect' ? rest : values });
      notifySuccess(t('annotations.form.saved'));
    }
  };
  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        onSelect(null);
        notifySuccess(t('annotations.form.deleted'));
      },
      onError: (e) => notifyError(e instanceof ApiError ? apiErrorText(e) : t('errors.general_error')),
    });
  const blocked = !isNew
    ? null
    : !placement
      ? props.placeFirst
      : atMaximum(answer)
        ? t('annotations.list.full', { max: answer.max_manual })
        : null;

  return (
    <Stack gap="md" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Text fw={700} size="sm">
        {isNew ? t('annotations.form.newTitle') : t('annotations.form.editTitle')}
      </Text>
      {isNew && props.placeHint ? (
        <Text size="sm" c="gray.8">
          {props.placeHint}
        </Text>
      ) : null}
      <HotspotForm
        hotspot={chosen}
        closeupRows={props.closeupRows}
        blocked={blocked}
        readOnly={readOnly}
        onSave={onSave}
        {...(chosen ? { onDelete: () => onDelete(chosen.id), deleting: remove.isPending } : {})}
      />
      {chosen ? <HotspotFiles contentId={contentId} hotspot={chosen} readOnly={readOnly} /> : null}
    </Stack>
  );
}

/**
 * What the annotator shows until it has something to annotate: the loader while the area (`pending`) or its
 * hotspots load, then why there is nothing (no spin, no scene) or why the list could not be read.
 */
export function AnnotatorNotReady(props: {
  pending: boolean;
  list: { isPending: boolean; isError: boolean; error: unknown };
  text: string;
  testId: string;
}) {
  if (props.pending || props.list.isPending) return <CenteredLoader py={32} />;
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid={props.testId}>
      {props.list.isError ? apiErrorText(props.list.error as ApiError) : props.text}
    </Alert>
  );
}

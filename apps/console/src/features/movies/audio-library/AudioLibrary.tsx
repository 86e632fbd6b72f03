import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { AUDIO_GENRES, AUDIO_MOODS, DEFAULT_PAGE_SIZE, type LibraryTrackAnswer, type PageSize } from '@spinyard/domain';
import { IconCheck, IconMusic, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { type AudioLibraryFilters, useAudioLibrary, useDeleteAudioTrack } from '../../../api/audioLibrary.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ListEmptyState } from '../../../components/ListEmptyState.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListTable } from '../../../components/ListTable.tsx';

/** 95.4 s as 1:35. */
export function formatTrackLength(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const EMPTY: AudioLibraryFilters = {
  q: '',
  genre: '',
  mood: '',
  tempo_min: '',
  tempo_max: '',
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
};

/**
 * The audio library as a component (issue 20): search by title, genre, mood and tempo, each track with its length, a
 * play button and, when the caller gives `onChoose`, a "choose" button. The content-video wizard opens it as its
 * music step; the page /contents/audio-library shows it on its own until then.
 */
export function AudioLibrary({
  chosenId,
  onChoose,
}: {
  chosenId?: string | null;
  onChoose?: (track: LibraryTrackAnswer) => void;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AudioLibraryFilters>(EMPTY);
  const list = useAudioLibrary(filters);
  const remove = useDeleteAudioTrack();
  const [playing, setPlaying] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LibraryTrackAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const set = (patch: Partial<AudioLibraryFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  useEffect(() => {
    const player = audio.current;
    if (!player) return;
    const track = list.data?.items.find((i) => i.id === playing);
    if (!track) {
      player.pause();
      return;
    }
    if (player.dataset.track !== track.id) {
      player.src = track.url;
      player.dataset.track = track.id;
    }
    player.play().catch(() => setPlaying(null));
  }, [playing, list.data]);

  const library = list.data?.library;
  const columns = [
    t('audioLibrary.columns.title'),
    t('audioLibrary.columns.genre'),
    t('audioLibrary.columns.mood'),
    t('audioLibrary.columns.tempo'),
    t('audioLibrary.columns.duration'),
  ];

  const onDelete = () => {
    if (!deleting) return;
    setError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('audioLibrary.deleted')),
      onError: (cause) => setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md" data-testid="audio-library">
      {/* biome-ignore lint/a11y/useMediaCaption: music without words has nothing to caption */}
      <audio ref={audio} onEnded={() => setPlaying(null)} hidden />
      {library && library.ready < library.total ? (
        <Alert color="blue" data-testid="audio-library-preparing">
          <Text size="sm" mb={6}>
            {t('audioLibrary.preparing', { ready: library.ready, total: library.total })}
          </Text>
          <Progress value={(library.ready / library.total) * 100} aria-label={t('audioLibrary.preparingLabel')} />
        </Alert>
      ) : null}
      <LibraryFilters filters={filters} set={set} />
      {error ? <Alert color="red">{error}</Alert> : null}
      {list.error ? (
        <Alert color="red">
          {list.error instanceof ApiError ? apiErrorText(list.error) : t('errors.general_error')}
        </Alert>
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <ListEmptyState icon={IconMusic} message={t('audioLibrary.empty')} testId="audio-library-empty" />
      ) : (
        <ListTable
          minWidth={760}
          testId="audio-library-table"
          columns={columns}
          actionsLabel={t('audioLibrary.columns.actions')}
          dimmed={list.isPlaceholderData}
        >
          {(list.data?.items ?? []).map((track) => (
            <TrackRow
              key={track.id}
              track={track}
              playing={playing === track.id}
              onPlay={() => setPlaying((p) => (p === track.id ? null : track.id))}
              chosen={chosenId === track.id}
              {...(onChoose ? { onChoose: () => onChoose(track) } : {})}
              onDelete={() => setDeleting(track)}
            />
          ))}
        </ListTable>
      )}
      {list.data ? (
        <ListFooter
          total={list.data.total}
          page={filters.page}
          limit={filters.limit as PageSize}
          onPage={(page) => setFilters((f) => ({ ...f, page }))}
          onLimit={(limit) => set({ limit })}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        title={t('audioLibrary.deleteTitle')}
        confirmLabel={t('audioLibrary.deleteTitle')}
        color="red"
        loading={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">{t('audioLibrary.deleteConfirm', { title: deleting?.title ?? '' })}</Text>
      </ConfirmModal>
    </Stack>
  );
}

/** One track: its facts, the play button, "choose" when the caller chooses, delete when the caller may. */
function TrackRow({
  track,
  playing,
  onPlay,
  chosen,
  onChoose,
  onDelete,
}: {
  track: LibraryTrackAnswer;
  playing: boolean;
  onPlay: () => void;
  chosen: boolean;
  onChoose?: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="audio-track">
      <Table.Td>
        <Text size="sm" fw={600} translate="no">
          {track.title}
        </Text>
        {track.source === 'upload' ? (
          <Badge size="xs" variant="light" color="teal">
            {t('audioLibrary.ownUpload')}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>{track.genre ? t(`audioLibrary.genres.${track.genre}`) : '—'}</Table.Td>
      <Table.Td>{track.mood ? t(`audioLibrary.moods.${track.mood}`) : '—'}</Table.Td>
      <Table.Td>{track.tempo_bpm ? t('audioLibrary.bpm', { bpm: track.tempo_bpm }) : '—'}</Table.Td>
      <Table.Td>{formatTrackLength(track.duration_seconds)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t(playing ? 'audioLibrary.pause' : 'audioLibrary.play', {
              title: track.title,
            })}
            aria-pressed={playing}
            onClick={onPlay}
          >
            {playing ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
          </ActionIcon>
          {onChoose ? (
            <Button
              size="xs"
              variant={chosen ? 'filled' : 'default'}
              leftSection={chosen ? <IconCheck size={14} /> : null}
              onClick={onChoose}
            >
              {chosen ? t('audioLibrary.chosen') : t('audioLibrary.choose')}
            </Button>
          ) : null}
          {track.can_delete ? (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('audioLibrary.delete', { title: track.title })}
              onClick={onDelete}
            >
              <IconTrash size={18} />
            </ActionIcon>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Search by title, genre, mood and a tempo range; any change goes back to the first page. */
function LibraryFilters({
  filters,
  set,
}: {
  filters: AudioLibraryFilters;
  set: (patch: Partial<AudioLibraryFilters>) => void;
}) {
  const { t } = useTranslation();
  const genreOptions = [
    { value: '', label: t('audioLibrary.anyGenre') },
    ...AUDIO_GENRES.map((g) => ({ value: g, label: t(`audioLibrary.genres.${g}`) })),
  ];
  const moodOptions = [
    { value: '', label: t('audioLibrary.anyMood') },
    ...AUDIO_MOODS.map((m) => ({ value: m, label: t(`audioLibrary.moods.${m}`) })),
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <TextInput
        label={t('audioLibrary.search')}
        value={filters.q}
        maxLength={100}
        onChange={(e) => set({ q: e.currentTarget.value })}
      />
      <NativeSelect
        label={t('audioLibrary.columns.genre')}
        data={genreOptions}
        value={filters.genre}
        onChange={(e) => set({ genre: e.currentTarget.value })}
      />
      <NativeSelect
        label={t('audioLibrary.columns.mood')}
        data={moodOptions}
        value={filters.mood}
        onChange={(e) => set({ mood: e.currentTarget.value })}
      />
      <TextInput
        label={t('audioLibrary.tempoMin')}
        inputMode="numeric"
        value={filters.tempo_min}
        onChange={(e) => set({ tempo_min: e.currentTarget.value.replace(/\D/g, '') })}
      />
      <TextInput
        label={t('audioLibrary.tempoMax')}
        inputMode="numeric"
        value={filters.tempo_max}
        onChange={(e) => set({ tempo_max: e.currentTarget.value.replace(/\D/g, '') })}
      />
    </SimpleGrid>
  );
}

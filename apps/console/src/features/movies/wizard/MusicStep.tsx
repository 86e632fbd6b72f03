import { Button, Group, Stack, Text } from '@mantine/core';
import type { ContentMoviesAnswer } from '@spinyard/domain';
import { IconVolumeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AudioLibrary } from '../audio-library/AudioLibrary.tsx';
import { errorAt, type MovieWizardForm } from './useMovieWizardForm.ts';

/**
 * The background music: a track of the audio library (listened to and chosen in the library itself) or none. The
 * library opens on demand: listing it the first time makes the product's tracks, which a dealer who keeps the
 * music already chosen should not wait for.
 */
export function MusicStep(props: {
  form: MovieWizardForm;
  readOnly: boolean;
  /** The track the settings held when the page opened, with its title (the answer's `music`). */
  saved: ContentMoviesAnswer['music'];
}) {
  const { form, readOnly, saved } = props;
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'music_track_id' });
  const [open, setOpen] = useState(false);
  const chosen = (field.value as string | null | undefined) ?? null;
  // The title of a track chosen now, else the saved one's while it is still the one chosen.
  const [picked, setPicked] = useState<{ id: string; title: string } | null>(null);
  const title = [picked, saved].find((t) => t && t.id === chosen)?.title ?? null;
  const error = errorAt(form, 'music_track_id');
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" data-testid="movie-music-chosen">
          {chosen === null
            ? t('movieWizard.music.none')
            : title
              ? t('movieWizard.music.chosen', { title })
              : t('movieWizard.music.chosenTrack')}
        </Text>
        <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('movieWizard.music.closeLibrary') : t('movieWizard.music.openLibrary')}
        </Button>
        {chosen !== null ? (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconVolumeOff size={14} aria-hidden />}
            disabled={readOnly}
            onClick={() => {
              field.onChange(null);
              setPicked(null);
            }}
            data-testid="movie-music-none"
          >
            {t('movieWizard.music.silent')}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
      {open ? (
        <AudioLibrary
          chosenId={chosen}
          {...(readOnly
            ? {}
            : {
                onChoose: (track) => {
                  form.clearErrors('music_track_id');
                  field.onChange(track.id);
                  setPicked({ id: track.id, title: track.title });
                },
              })}
        />
      ) : null}
    </Stack>
  );
}

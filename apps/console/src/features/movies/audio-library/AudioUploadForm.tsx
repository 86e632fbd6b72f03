import {
  Alert,
  Button,
  Card,
  FileInput,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AUDIO_GENRES,
  AUDIO_MOODS,
  AUDIO_TITLE_MAX,
  AUDIO_TRACK_MAX_BYTES,
  AUDIO_TRACK_MAX_SECONDS,
  type FieldError,
} from '@spinyard/domain';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { useUploadAudioTrack } from '../../../api/audioLibrary.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { notifySuccess } from '../../../api/notify.ts';

const ACCEPT = '.mp3,.m4a,.wav,audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,audio/x-wav';

/**
 * A dealer's own background music: MP3, M4A or WAV, at most 20 MB and 120 s, with its title, genre, mood and tempo.
 * The size is checked before a byte is sent; what the file is and how long it plays, by the server (422 naming
 * `file` with the rule, shown beside the file).
 */
export function AudioUploadForm() {
  const { t } = useTranslation();
  const upload = useUploadAudioTrack();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState('');
  const [mood, setMood] = useState('');
  const [tempo, setTempo] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const fileText = (field: FieldError) =>
    field.rule === 'max_size' || field.rule === 'range' || field.rule === 'format'
      ? t(`audioLibrary.upload.file_${field.rule}`, {
          mb: AUDIO_TRACK_MAX_BYTES / 1024 / 1024,
          seconds: AUDIO_TRACK_MAX_SECONDS,
        })
      : field.message;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const errors: Record<string, string> = {};
    if (!file) errors.file = t('audioLibrary.upload.file_required');
    else if (file.size > AUDIO_TRACK_MAX_BYTES)
      errors.file = fileText({ field: 'file', rule: 'max_size', message: '' });
    if (title.trim() === '') errors.title = t('audioLibrary.upload.title_required');
    setFieldErrors(errors);
    if (!file || Object.keys(errors).length > 0) return;
    setProgress(0);
    upload.mutate(
      { file, title: title.trim(), genre, mood, tempo, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(t('audioLibrary.upload.done'));
          setFile(null);
          setTitle('');
          setTempo('');
        },
        onError: (cause) => {
          if (cause instanceof ApiError && cause.fields.length > 0) {
            setFieldErrors(
              Object.fromEntries(
                cause.fields.map((f) => [f.field, f.field === 'file' ? fileText(f) : apiErrorText(cause)]),
              ),
            );
            return;
          }
          setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={onSubmit} noValidate data-testid="audio-upload">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('audioLibrary.upload.heading')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('audioLibrary.upload.hint', { mb: AUDIO_TRACK_MAX_BYTES / 1024 / 1024, seconds: AUDIO_TRACK_MAX_SECONDS })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FileInput
            label={t('audioLibrary.upload.file')}
            placeholder={t('audioLibrary.upload.choose')}
            // Mantine's dimmed placeholder is under 4.5:1 on white (axe); the gray of the page's other hints is not.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept={ACCEPT}
            value={file}
            onChange={setFile}
            leftSection={<IconUpload size={16} />}
            error={fieldErrors.file}
            required
            clearable
          />
          <TextInput
            label={t('audioLibrary.columns.title')}
            value={title}
            maxLength={AUDIO_TITLE_MAX}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={fieldErrors.title}
            required
          />
          <NativeSelect
            label={t('audioLibrary.columns.genre')}
            data={[
              { value: '', label: t('audioLibrary.noGenre') },
              ...AUDIO_GENRES.map((g) => ({ value: g, label: t(`audioLibrary.genres.${g}`) })),
            ]}
            value={genre}
            onChange={(e) => setGenre(e.currentTarget.value)}
          />
          <NativeSelect
            label={t('audioLibrary.columns.mood')}
            data={[
              { value: '', label: t('audioLibrary.noMood') },
              ...AUDIO_MOODS.map((m) => ({ value: m, label: t(`audioLibrary.moods.${m}`) })),
            ]}
            value={mood}
            onChange={(e) => setMood(e.currentTarget.value)}
          />
          <TextInput
            label={t('audioLibrary.upload.tempo')}
            inputMode="numeric"
            value={tempo}
            onChange={(e) => setTempo(e.currentTarget.value.replace(/\D/g, ''))}
            error={fieldErrors.tempo}
          />
        </SimpleGrid>
        {progress !== null ? <Progress value={progress * 100} aria-label={t('audioLibrary.upload.sending')} /> : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Button
          type="submit"
          loading={upload.isPending}
          leftSection={<IconUpload size={16} />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('audioLibrary.upload.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

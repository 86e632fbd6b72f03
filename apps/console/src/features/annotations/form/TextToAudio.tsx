import { Alert, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { SPEECH_LANGUAGES, type SpeechLanguage, type SpeechVoice } from '@spinyard/domain';
import { IconDeviceFloppy, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { useSpeechPreview, useSpeechVoices } from '../../../api/textToAudio.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';

export interface TextToAudioProps {
  /** The hotspot's body, offered as the text to speak. */
  initialText: string;
  readOnly: boolean;
  /** Saves the generated mp3 as the hotspot's audio (the same upload and checks as a chosen file). */
  onSave: (mp3: Blob) => Promise<unknown>;
}

/**
 * Text-to-audio for an audio hotspot: a text, the playback language and a voice from `/texttoaudio/voices`; the
 * preview is made on the server (no network service) and played here; the dealer keeps it as the hotspot's audio.
 */
export function TextToAudio({ initialText, readOnly, onSave }: TextToAudioProps) {
  const { t, i18n } = useTranslation();
  const voices = useSpeechVoices();
  const preview = useSpeechPreview();
  const startLanguage = (SPEECH_LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as SpeechLanguage)
    : 'ja';
  const [language, setLanguage] = useState<SpeechLanguage>(startLanguage);
  const [voice, setVoice] = useState<SpeechVoice>('female');
  const [text, setText] = useState(initialText);
  const [audio, setAudio] = useState<{ blob: Blob; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => () => (audio ? URL.revokeObjectURL(audio.url) : undefined), [audio]);

  const offered = voices.data?.languages.find((l) => l.language === language)?.voices ?? ['female', 'male'];
  const maxChars = voices.data?.max_chars ?? 500;

  const speak = () => {
    setError(null);
    preview.mutate(
      { language, voice, text },
      {
        onSuccess: (blob) => {
          const url = URL.createObjectURL(blob);
          setAudio({ blob, url });
          // Played at once: the button says "preview", so the dealer expects to hear it.
          void new Audio(url).play().catch(() => undefined);
        },
        onError: (cause) => setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error')),
      },
    );
  };
  const keep = async () => {
    if (!audio) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(audio.blob);
    } catch (cause) {
      setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="tts">
      <Text size="sm" fw={600}>
        {t('annotations.tts.title')}
      </Text>
      <Textarea
        label={t('annotations.tts.text')}
        autosize
        minRows={2}
        maxRows={6}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={maxChars}
        readOnly={readOnly}
        description={t('annotations.tts.bound', { count: maxChars })}
        data-testid="tts-text"
      />
      <Group grow gap="sm" wrap="wrap">
        <NativeSelect
          label={t('annotations.tts.language')}
          value={language}
          onChange={(e) => {
            const next = e.currentTarget.value as SpeechLanguage;
            setLanguage(next);
            setAudio(null);
          }}
          data={SPEECH_LANGUAGES.map((l) => ({ value: l, label: t(`annotations.tts.languages.${l}`) }))}
          disabled={readOnly}
          data-testid="tts-language"
          miw={120}
        />
        <NativeSelect
          label={t('annotations.tts.voice')}
          value={voice}
          onChange={(e) => {
            setVoice(e.currentTarget.value as SpeechVoice);
            setAudio(null);
          }}
          data={offered.map((v) => ({ value: v, label: t(`annotations.tts.voices.${v}`) }))}
          disabled={readOnly}
          data-testid="tts-voice"
          miw={120}
        />
      </Group>
      <Group gap="xs" wrap="wrap">
        <ToolButton
          size="xs"
          icon={IconPlayerPlay}
          onClick={speak}
          loading={preview.isPending}
          disabled={readOnly || text.trim() === ''}
          data-testid="tts-preview"
        >
          {t('annotations.tts.preview')}
        </ToolButton>
        <ToolButton
          size="xs"
          tone="filled"
          icon={IconDeviceFloppy}
          onClick={() => void keep()}
          loading={saving}
          disabled={readOnly || !audio}
          data-testid="tts-save"
        >
          {t('annotations.tts.save')}
        </ToolButton>
      </Group>
      {audio ? (
        // biome-ignore lint/a11y/useMediaCaption: speech made from the text shown just above
        <audio controls src={audio.url} data-testid="tts-audio" style={{ width: '100%' }} />
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" p="xs" data-testid="tts-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

import { Alert, Button, FileButton, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { INTERIOR_TITLE_MAX } from '@spinyard/domain';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadPanorama } from '../../../api/interior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { checkUpload } from '../../../shared/media-check/checkUpload.ts';
import { interiorErrorText } from './interiorText.ts';

/** What the file picker offers; the server decides by the bytes, whatever the name says. */
const ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * Choose a panorama (and a title), send it with a progress bar, then wait while the server makes its sizes and
 * tiles. A refusal shows under the control, in the user's language, with the values it names.
 */
export function UploadBox({
  contentId,
  disabled,
  maxBytes,
}: {
  contentId: string;
  disabled: boolean;
  maxBytes: number;
}) {
  const { t } = useTranslation();
  const upload = useUploadPanorama(contentId);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resetPicker = useRef<() => void>(null);

  const send = () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    upload.mutate(
      { file, title: title.trim(), onProgress: setProgress, signal: abort.current.signal },
      {
        onSuccess: () => {
          notifySuccess(t('interior.upload.done'));
          setFile(null);
          setTitle('');
          resetPicker.current?.();
        },
        onError: (e) => {
          if (e instanceof DOMException && e.name === 'AbortError') return;
          setError(interiorErrorText(e));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  // The server's panorama rules, judged on the file's header before it may be sent.
  const choose = async (chosen: File | null) => {
    setError(null);
    setFile(null);
    if (!chosen) return;
    const refused = await checkUpload(chosen, { kind: 'panorama', maxBytes });
    if (refused) {
      setError(interiorErrorText(refused));
      resetPicker.current?.();
      return;
    }
    setFile(chosen);
  };

  const sending = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Stack gap="xs" data-testid="interior-upload">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FileButton
          onChange={(chosen) => void choose(chosen)}
          accept={ACCEPT}
          resetRef={resetPicker}
          disabled={disabled || sending}
        >
          {(props) => (
            <ToolButton icon={IconUpload} {...props}>
              {t('interior.upload.choose')}
            </ToolButton>
          )}
        </FileButton>
        <TextInput
          label={t('interior.upload.title')}
          value={title}
          maxLength={INTERIOR_TITLE_MAX}
          onChange={(e) => setTitle(e.currentTarget.value)}
          disabled={disabled || sending}
          w={{ base: '100%', xs: 240 }}
        />
        <Button type="button" onClick={send} disabled={disabled || !file || sending} data-testid="interior-upload-send">
          {t('interior.upload.button')}
        </Button>
        {sending && (
          <Button type="button" variant="subtle" onClick={() => abort.current?.abort()}>
            {t('interior.upload.cancel')}
          </Button>
        )}
      </Group>
      {file && !sending && (
        <Text size="sm" c="gray.7">
          {t('interior.upload.file', { name: file.name })}
        </Text>
      )}
      {sending && (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {percent < 100 ? t('interior.upload.progress', { percent }) : t('interior.upload.processing')}
          </Text>
          <Progress value={percent} animated={percent >= 100} aria-label={t('interior.upload.progress', { percent })} />
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="interior-upload-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

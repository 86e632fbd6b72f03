import { Anchor, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { apiErrorText } from '../../../api/errorText.ts';
import { DeleteButton, ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { checkUpload } from '../../../shared/media-check/checkUpload.ts';
import { mediaRefusalText } from '../../../shared/media-check/refusalText.ts';
import type { UploadRule } from '../../../shared/media-check/uploadRules.ts';

export interface FileSlotProps {
  label: string;
  /** The rule said beside the button (formats, size). */
  rule: string;
  accept: string;
  /** The server's rule for this file (size, format, pixels, length), judged in the browser before sending. */
  check: UploadRule;
  /** What is stored now (a player, a picture), or null. */
  current: ReactNode | null;
  currentUrl?: string | null;
  readOnly: boolean;
  testId: string;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  remove: () => Promise<unknown>;
}

/**
 * One file of a hotspot: chosen, sent with its progress, and judged by the server by its content; a refusal (format,
 * size, length) is written under the field in the user's language. What the browser can read of the server's rule
 * (size, format, pixel size, an audio's or a video's length) refuses the file before it is sent.
 */
export function FileSlot({ label, rule, accept, check, current, readOnly, testId, upload, remove }: FileSlotProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const refused = await checkUpload(file, check);
    if (refused) {
      setError(mediaRefusalText(refused, label, file));
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (cause) {
      setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
    } finally {
      setProgress(null);
    }
  };
  const drop = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove();
    } catch (cause) {
      setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {current}
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={(file) => void send(file)} accept={accept} disabled={readOnly || progress !== null}>
          {(props) => (
            <ToolButton
              size="xs"
              icon={IconUpload}
              {...props}
              aria-describedby={error ? errorId : undefined}
              data-testid={`${testId}-choose`}
            >
              {current ? t('annotations.files.replace') : t('annotations.files.choose')}
            </ToolButton>
          )}
        </FileButton>
        {current ? (
          <DeleteButton size="xs" c="red.9" onClick={() => void drop()} loading={busy} disabled={readOnly}>
            {t('annotations.files.remove')}
          </DeleteButton>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7">
        {rule}
      </Text>
      {progress !== null ? (
        <Progress
          value={Math.round(progress * 100)}
          animated
          aria-label={t('annotations.files.progress', { name: label })}
          data-testid={`${testId}-progress`}
        />
      ) : null}
      {error ? (
        <Text size="sm" c="red.9" role="alert" id={errorId} data-testid={`${testId}-error`}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A link to the stored file, for kinds the page does not play inline. */
export function FileLink({ url, text }: { url: string; text: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {text}
    </Anchor>
  );
}

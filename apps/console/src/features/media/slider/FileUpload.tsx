import { Alert, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../shared/buttons/ToolButton.tsx';
import { checkUpload } from '../../../shared/media-check/checkUpload.ts';
import type { UploadRule } from '../../../shared/media-check/uploadRules.ts';
import { fileRefusalText } from './sliderText.ts';

export interface FileUploadProps {
  label: string;
  /** What the picker offers; the server decides by the bytes whatever this says. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The server's rule for these files, judged in the browser before each is sent. */
  rule: UploadRule;
  /** Sends one file; rejects with the server's refusal. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  hint?: ReactNode;
  testId: string;
}

interface Refused {
  name: string;
  reason: string;
}

/**
 * A file picker that sends each chosen file in turn with its progress, and lists every refused file by its name
 * with the reason in the user's language. A file the server's rule refuses (its size, type, picture size or video
 * bounds, read in the browser) is refused before it is sent.
 */
export function FileUpload({ label, accept, multiple = false, disabled, rule, upload, hint, testId }: FileUploadProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<{ name: string; fraction: number } | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);

  async function send(files: File[]) {
    setRefused([]);
    const failures: Refused[] = [];
    for (const file of files) {
      const refused = await checkUpload(file, rule);
      if (refused) {
        failures.push({ name: file.name, reason: fileRefusalText(refused) });
        continue;
      }
      setCurrent({ name: file.name, fraction: 0 });
      try {
        await upload(file, (fraction) => setCurrent({ name: file.name, fraction }));
      } catch (error) {
        failures.push({ name: file.name, reason: fileRefusalText(error) });
      }
    }
    setCurrent(null);
    setRefused(failures);
  }

  const choose = (picked: File | File[] | null) => {
    const files = picked === null ? [] : Array.isArray(picked) ? picked : [picked];
    if (files.length > 0) void send(files);
  };

  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={choose} accept={accept} multiple={multiple} disabled={disabled || current !== null}>
          {(props) => (
            <ToolButton
              tone="filled"
              icon={IconUpload}
              {...props}
              loading={current !== null}
              disabled={disabled || current !== null}
            >
              {label}
            </ToolButton>
          )}
        </FileButton>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Group>
      {current ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('slider.upload.sending', { name: current.name, percent: Math.round(current.fraction * 100) })}
          </Text>
          <Progress
            value={current.fraction * 100}
            aria-label={t('slider.upload.progress', { name: current.name })}
            data-testid={`${testId}-progress`}
          />
        </Stack>
      ) : null}
      {refused.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('slider.upload.refusedTitle')}
          data-testid={`${testId}-refused`}
        >
          <List size="sm" spacing={4}>
            {refused.map((r) => (
              <List.Item key={`${r.name}-${r.reason}`}>
                <Text span fw={600} size="sm">
                  {r.name}
                </Text>
                {t('slider.upload.separator')}
                <Text span size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {r.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

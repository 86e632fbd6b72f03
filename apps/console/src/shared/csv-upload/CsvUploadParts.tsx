import { Alert, Button, Card, FileInput, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// Mantine's light alert titles are too pale for their tinted background (axe: color-contrast).
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** A titled card of a CSV page (the format and template, the upload), named by its title for screen readers. */
export function CsvSection({
  id,
  title,
  titleGap,
  children,
}: {
  id: string;
  title: string;
  titleGap: 'xs' | 'md';
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={titleGap}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The CSV file chooser and the button that sends it (held back while the browser refuses the file). */
export function CsvFileUpload({
  file,
  onChoose,
  onUpload,
  busy,
  blocked,
  labels,
  testIds,
}: {
  file: File | null;
  onChoose: (file: File | null) => void;
  onUpload: () => void;
  busy: boolean;
  blocked: boolean;
  labels: { file: string; choose: string; upload: string; clearFile?: string };
  testIds: { file: string; submit: string };
}) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <FileInput
        label={labels.file}
        placeholder={labels.choose}
        // Mantine's placeholder grey is too light on white for a text that matters here (axe: color-contrast).
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        accept=".csv,text/csv"
        value={file}
        onChange={onChoose}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        clearable
        clearButtonProps={labels.clearFile ? { 'aria-label': labels.clearFile } : undefined}
        w={{ base: '100%', sm: 420 }}
        data-testid={testIds.file}
      />
      <Button
        onClick={onUpload}
        loading={busy}
        disabled={!file || blocked}
        leftSection={<IconUpload size={16} aria-hidden />}
        data-testid={testIds.submit}
      >
        {labels.upload}
      </Button>
    </Group>
  );
}

/** The upload went through: what changed, and the way back to the list. */
export function CsvDoneAlert({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck aria-hidden />}
      title={title}
      styles={READABLE_TITLE}
      data-testid={testId}
    >
      <Stack gap="xs" align="flex-start">
        {children}
      </Stack>
    </Alert>
  );
}

/** The file was refused (by the browser's check or the server): nothing changed, and every reason. */
export function CsvRefusedAlert({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden />}
      title={title}
      role="alert"
      styles={READABLE_TITLE}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}

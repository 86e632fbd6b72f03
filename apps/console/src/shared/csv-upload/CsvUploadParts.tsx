import { Alert, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionButton } from '../../components/ActionButton.tsx';

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

/** What the upload section needs of useCsvUpload's state. */
interface CsvUploadState {
  file: File | null;
  busy: boolean;
  blocked: boolean;
  choose: (file: File | null) => Promise<void>;
  send: () => Promise<void>;
}

/**
 * The upload card: the CSV file chooser (checked in the browser once chosen) and the button that sends it, held
 * back while the browser refuses the file.
 */
export function CsvUploadSection({
  id,
  csv,
  labels,
  testIds,
}: {
  id: string;
  csv: CsvUploadState;
  labels: { title: string; file: string; choose: string; upload: string; clearFile?: string };
  testIds: { file: string; submit: string };
}) {
  return (
    <CsvSection id={id} title={labels.title} titleGap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <FileInput
          label={labels.file}
          placeholder={labels.choose}
          // Mantine's placeholder grey is too light on white for a text that matters here (axe: color-contrast).
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          accept=".csv,text/csv"
          value={csv.file}
          onChange={(file) => void csv.choose(file)}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          clearable
          clearButtonProps={labels.clearFile ? { 'aria-label': labels.clearFile } : undefined}
          w={{ base: '100%', sm: 420 }}
          data-testid={testIds.file}
        />
        <ActionButton
          icon={IconUpload}
          onClick={() => void csv.send()}
          loading={csv.busy}
          disabled={!csv.file || csv.blocked}
          testId={testIds.submit}
        >
          {labels.upload}
        </ActionButton>
      </Group>
    </CsvSection>
  );
}

/** The upload went through: what changed, and the way back to the list. */
export function CsvDoneAlert({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <CsvAlert ok title={title} testId={testId}>
      <Stack gap="xs" align="flex-start">
        {children}
      </Stack>
    </CsvAlert>
  );
}

/** An upload's outcome: green when it went through, red (and announced at once) when it was refused. */
function CsvAlert({
  ok,
  title,
  testId,
  children,
}: {
  ok: boolean;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert
      color={ok ? 'green' : 'red'}
      icon={ok ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
      title={title}
      role={ok ? undefined : 'alert'}
      styles={READABLE_TITLE}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}

/**
 * The file was refused, by the browser's check (`checked`: nothing was sent) or by the server (nothing changed):
 * the title and first line say which, then every reason.
 */
export function CsvRefusedAlert({
  source,
  texts,
  bodyGap,
  testId,
  children,
}: {
  source: 'browser' | 'server';
  texts: { checkedTitle: string; refusedTitle: string; checkedBody: string; refusedBody: string };
  bodyGap: 'sm' | 0;
  testId: string;
  children: ReactNode;
}) {
  const checked = source === 'browser';
  return (
    <CsvAlert ok={false} title={checked ? texts.checkedTitle : texts.refusedTitle} testId={testId}>
      <Text size="sm" mb={bodyGap}>
        {checked ? texts.checkedBody : texts.refusedBody}
      </Text>
      {children}
    </CsvAlert>
  );
}

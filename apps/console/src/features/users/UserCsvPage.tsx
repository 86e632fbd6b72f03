import { Alert, Button, Card, FileInput, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { CSV_MAX_USERS, canImportUsersCsv, USER_CSV_HEADER, USER_CSV_REQUIRED } from '@spinyard/domain';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/apiError.ts';
import { notifySuccess } from '../../api/notify.ts';
import { type CsvRowError, csvRowsOf, downloadUserCsvTemplate, useUploadUserCsv } from '../../api/users.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { saveBlob } from '../../lib/saveBlob.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { precheckUserCsv } from './userCsvRules.ts';
import { errorCodeText, userFieldLabel, userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';

type Outcome =
  | { kind: 'added'; count: number }
  | { kind: 'refused'; source: 'browser' | 'server'; rows: CsvRowError[] };

/** /subordinate/addlist: add up to 100 users from a CSV in the template's format; all or nothing. */
export function UserCsvPage() {
  const { t } = useTranslation();
  const actor = useUserActor();
  const uploadCsv = useUploadUserCsv();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (!actor) {
    return <CenteredLoader py={64} />;
  }
  if (!canImportUsersCsv(actor).ok) return <NotAvailablePage />;

  const download = async () => {
    try {
      saveBlob(await downloadUserCsvTemplate(), 'users_template.csv');
    } catch {
      // The client has shown the error.
    }
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setOutcome(null);
    if (!chosen) return;
    const errors = precheckUserCsv(new Uint8Array(await chosen.arrayBuffer()));
    if (errors.length > 0) {
      setOutcome({
        kind: 'refused',
        source: 'browser',
        rows: errors.map((e) => ({ row: e.row, code: e.code, ...(e.field ? { field: e.field } : {}), message: '' })),
      });
    }
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await uploadCsv.mutateAsync(file);
      setOutcome({ kind: 'added', count: answer.added });
      notifySuccess(t('users.csv.added', { count: answer.added }));
    } catch (error) {
      if (error instanceof ApiError && error.code && error.status !== 401) {
        const rows = csvRowsOf(error.body);
        setOutcome({
          kind: 'refused',
          source: 'server',
          rows: rows.length > 0 ? rows : [{ row: null, code: error.code, message: error.userMessage ?? '' }],
        });
      } else {
        userRefusalOf(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const blocked = outcome?.kind === 'refused' && outcome.source === 'browser';

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="user-csv">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-csv-format">
        <Title order={2} size="h4" id="user-csv-format" mb="xs">
          {t('users.csv.formatTitle')}
        </Title>
        <List size="sm" spacing={4} mb="md">
          <List.Item>
            {t('users.csv.ruleColumns', {
              columns: USER_CSV_HEADER.join(', '),
              required: USER_CSV_REQUIRED.join(', '),
            })}
          </List.Item>
          <List.Item>{t('users.csv.ruleFile', { max: CSV_MAX_USERS })}</List.Item>
          <List.Item>{t('users.csv.ruleParent')}</List.Item>
          <List.Item>{t('users.csv.ruleAllOrNothing')}</List.Item>
        </List>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={download}
          data-testid="user-csv-template"
        >
          {t('users.csv.template')}
        </Button>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-csv-upload">
        <Title order={2} size="h4" id="user-csv-upload" mb="md">
          {t('users.csv.uploadTitle')}
        </Title>
        <Group align="flex-end" gap="md" wrap="wrap">
          <FileInput
            label={t('users.csv.file')}
            placeholder={t('users.csv.choose')}
            // Mantine's placeholder grey is too light on white for a text that matters here (axe: color-contrast).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept=".csv,text/csv"
            value={file}
            onChange={choose}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            clearable
            w={{ base: '100%', sm: 420 }}
            data-testid="user-csv-file"
          />
          <Button
            onClick={upload}
            loading={busy}
            disabled={!file || blocked}
            leftSection={<IconUpload size={16} aria-hidden />}
            data-testid="user-csv-submit"
          >
            {t('users.csv.upload')}
          </Button>
        </Group>
      </Card>

      {outcome?.kind === 'added' ? (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title={t('users.csv.addedTitle')}
          data-testid="user-csv-added"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('users.csv.added', { count: outcome.count })}</Text>
            <Button component={Link} to="/subordinate/list" size="xs" variant="light">
              {t('users.common.backToList')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {outcome?.kind === 'refused' ? (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={outcome.source === 'browser' ? t('users.csv.checkedTitle') : t('users.csv.refusedTitle')}
          role="alert"
          data-testid="user-csv-refused"
        >
          <Text size="sm" mb="sm">
            {outcome.source === 'browser' ? t('users.csv.checkedBody') : t('users.csv.nobodyAdded')}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder bg="white" data-testid="user-csv-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.csv.columns.row')}</Table.Th>
                  <Table.Th>{t('users.csv.columns.field')}</Table.Th>
                  <Table.Th>{t('users.csv.columns.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outcome.rows.map((r) => (
                  <Table.Tr key={`${r.row}-${r.code}-${r.field ?? ''}`}>
                    <Table.Td>
                      {r.row === null ? t('users.csv.wholeFile') : t('users.csv.rowN', { row: r.row, line: r.row + 1 })}
                    </Table.Td>
                    <Table.Td>{r.field ? `${userFieldLabel(r.field)} (${r.field})` : '—'}</Table.Td>
                    <Table.Td>{errorCodeText(r.code, r.message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Alert>
      ) : null}
    </Stack>
  );
}

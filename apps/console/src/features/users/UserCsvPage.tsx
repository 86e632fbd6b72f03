import { Button, Code, List, Stack, Table, Text } from '@mantine/core';
import {
  CSV_MAX_USERS,
  canImportUsersCsv,
  USER_CSV_REQUIRED,
  type UserCsvColumn,
  userCsvHeader,
} from '@spinyard/domain';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/apiError.ts';
import { notifySuccess } from '../../api/notify.ts';
import { useProfile } from '../../api/profile.ts';
import { type CsvRowError, csvRowsOf, downloadUserCsvTemplate, useUploadUserCsv } from '../../api/users.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { saveBlob } from '../../lib/saveBlob.ts';
import {
  CsvDoneAlert,
  CsvRefusedAlert,
  CsvSection,
  CsvUploadSection,
} from '../../shared/csv-upload/CsvUploadParts.tsx';
import { useCsvUpload } from '../../shared/csv-upload/useCsvUpload.ts';
import { NotAvailablePage } from '../not-found/NotAvailablePage.tsx';
import { precheckUserCsv } from './userCsvRules.ts';
import { errorCodeText, userFieldLabel, userRefusalOf } from './userText.ts';
import { useUserActor } from './useUserActor.ts';

type Outcome =
  | { kind: 'added'; count: number }
  | { kind: 'refused'; source: 'browser' | 'server'; rows: CsvRowError[] };

/** The browser's own check of the file's rows in the host's format, before anything is sent. */
function precheck(bytes: Uint8Array, header: readonly UserCsvColumn[]): Outcome | null {
  const errors = precheckUserCsv(bytes, header);
  if (errors.length === 0) return null;
  return {
    kind: 'refused',
    source: 'browser',
    rows: errors.map((e) => ({ row: e.row, code: e.code, ...(e.field ? { field: e.field } : {}), message: '' })),
  };
}

/** A server refusal: its rows, or the whole file's reason; a lost session is the client's to tell. */
function serverRefusal(error: unknown): Outcome | null {
  if (error instanceof ApiError && error.code && error.status !== 401) {
    const rows = csvRowsOf(error.body);
    return {
      kind: 'refused',
      source: 'server',
      rows: rows.length > 0 ? rows : [{ row: null, code: error.code, message: error.userMessage ?? '' }],
    };
  }
  userRefusalOf(error);
  return null;
}

async function downloadTemplate() {
  try {
    saveBlob(await downloadUserCsvTemplate(), 'users_template.csv');
  } catch {
    // The client has shown the error.
  }
}

/** /subordinate/addlist: add up to 100 users from a CSV in the template's format; all or nothing. */
export function UserCsvPage() {
  const { t } = useTranslation();
  const actor = useUserActor();
  const uploadCsv = useUploadUserCsv();
  // The bike site's format has the shop code (its users' first username alias).
  const header = userCsvHeader(useProfile().data?.domain.host_flags ?? []);
  const csv = useCsvUpload<Outcome>({
    precheck: (bytes) => precheck(bytes, header),
    upload: async (file) => {
      const answer = await uploadCsv.mutateAsync(file);
      notifySuccess(t('users.csv.added', { count: answer.added }));
      return { kind: 'added', count: answer.added };
    },
    refused: serverRefusal,
  });
  const { outcome } = csv;

  if (!actor) {
    return <CenteredLoader py={64} />;
  }
  if (!canImportUsersCsv(actor).ok) return <NotAvailablePage />;

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="user-csv">
      <CsvSection id="user-csv-format" title={t('users.csv.formatTitle')} titleGap="xs">
        <List size="sm" spacing={4} mb="md">
          <List.Item>
            {/* The column names are the file's, the same in every language: marked so, not translated. */}
            <Trans
              i18nKey="users.csv.ruleColumns"
              values={{ columns: header.join(', '), required: USER_CSV_REQUIRED.join(', ') }}
              components={{ code: <Code translate="no" /> }}
            />
          </List.Item>
          <List.Item>{t('users.csv.ruleFile', { max: CSV_MAX_USERS })}</List.Item>
          <List.Item>{t('users.csv.ruleParent')}</List.Item>
          <List.Item>{t('users.csv.ruleAllOrNothing')}</List.Item>
        </List>
        <ActionButton icon={IconDownload} variant="light" onClick={downloadTemplate} testId="user-csv-template">
          {t('users.csv.template')}
        </ActionButton>
      </CsvSection>

      <CsvUploadSection
        id="user-csv-upload"
        csv={csv}
        labels={{
          title: t('users.csv.uploadTitle'),
          file: t('users.csv.file'),
          choose: t('users.csv.choose'),
          upload: t('users.csv.upload'),
        }}
        testIds={{ file: 'user-csv-file', submit: 'user-csv-submit' }}
      />

      {outcome?.kind === 'added' ? (
        <CsvDoneAlert title={t('users.csv.addedTitle')} testId="user-csv-added">
          <Text size="sm">{t('users.csv.added', { count: outcome.count })}</Text>
          <Button component={Link} to="/subordinate/list" size="xs" variant="light">
            {t('users.common.backToList')}
          </Button>
        </CsvDoneAlert>
      ) : null}

      {outcome?.kind === 'refused' ? <RefusedUsers outcome={outcome} /> : null}
    </Stack>
  );
}

/** Why no user was added: every refused row (or the whole file) with its field and reason. */
function RefusedUsers({ outcome }: { outcome: Extract<Outcome, { kind: 'refused' }> }) {
  const { t } = useTranslation();
  return (
    <CsvRefusedAlert
      source={outcome.source}
      texts={{
        checkedTitle: t('users.csv.checkedTitle'),
        refusedTitle: t('users.csv.refusedTitle'),
        checkedBody: t('users.csv.checkedBody'),
        refusedBody: t('users.csv.nobodyAdded'),
      }}
      bodyGap="sm"
      testId="user-csv-refused"
    >
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
    </CsvRefusedAlert>
  );
}

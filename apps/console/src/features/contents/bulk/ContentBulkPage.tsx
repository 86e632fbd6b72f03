import { Accordion, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CONTENT_CSV_COLUMNS, validateContentCsv } from '@spinyard/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/apiError.ts';
import { type ContentCsvRefusal, contentCsvRefusalsOf, useUploadContentCsv } from '../../../api/contentCsv.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { CARD_LAYOUT_QUERY } from '../../../components/ListTable.tsx';
import {
  CsvDoneAlert,
  CsvRefusedAlert,
  CsvSection,
  CsvUploadSection,
} from '../../../shared/csv-upload/CsvUploadParts.tsx';
import { useCsvUpload } from '../../../shared/csv-upload/useCsvUpload.ts';
import { CsvDownloadDialog } from '../list/CsvDownloadDialog.tsx';
import { csvFileRefusalText, csvItemName, csvReasonText } from './bulkText.ts';

type Outcome =
  | { kind: 'updated'; updated: number; unchanged: number }
  | { kind: 'refused'; source: 'browser' | 'server'; file?: string; rows: ContentCsvRefusal[] };

/** The browser's own check (no server data): a broken file or row is named before anything is sent. */
function precheck(bytes: Uint8Array): Outcome | null {
  const result = validateContentCsv({ bytes });
  if (result.ok) return null;
  if (result.kind === 'file') {
    return { kind: 'refused', source: 'browser', file: csvFileRefusalText(result.code, result.item), rows: [] };
  }
  return { kind: 'refused', source: 'browser', rows: result.errors.map((e) => ({ ...e, params: e.params ?? {} })) };
}

/** A server refusal: the rows of content_csv_invalid, or the sentence of a rule of the whole file. */
function serverRefusal(error: unknown): Outcome {
  const rows = error instanceof ApiError ? contentCsvRefusalsOf(error.body) : [];
  if (rows.length > 0) return { kind: 'refused', source: 'server', rows };
  if (error instanceof ApiError && error.code) {
    return { kind: 'refused', source: 'server', file: csvFileRefusalText(error.code, error.fields[0]?.field), rows };
  }
  return { kind: 'refused', source: 'server', file: csvFileRefusalText('general_error'), rows };
}

/**
 * /contents/bulk: change many vehicles through the list's CSV. The steps, the file's items, the upload (checked
 * in the browser first, then by the server, which writes every changed row or none) and the result: how many
 * vehicles changed, or every refused row with its item and reason in the user's language.
 */
export function ContentBulkPage() {
  const { t } = useTranslation();
  const upload = useUploadContentCsv();
  const [downloadOpen, setDownloadOpen] = useState(false);
  const csv = useCsvUpload<Outcome>({
    precheck,
    upload: async (file) => {
      const answer = await upload.mutateAsync(file);
      notifySuccess(t('contentsBulk.updated', { count: answer.updated }));
      return { kind: 'updated', ...answer };
    },
    refused: serverRefusal,
  });
  const { outcome } = csv;

  return (
    <Stack gap="lg" maw={960} mx="auto" data-testid="content-bulk">
      <CsvSection id="content-bulk-steps" title={t('contentsBulk.stepsTitle')} titleGap="xs">
        <List type="ordered" size="sm" spacing={4} mb="sm">
          <List.Item>{t('contentsBulk.step1')}</List.Item>
          <List.Item>{t('contentsBulk.step2')}</List.Item>
          <List.Item>{t('contentsBulk.step3')}</List.Item>
        </List>
        <Text size="sm" c="dimmed" mb="md">
          {t('contentsBulk.readOnlyNote')}
        </Text>
        <Group>
          <ActionButton
            icon={IconDownload}
            variant="light"
            onClick={() => setDownloadOpen(true)}
            testId="content-bulk-download"
          >
            {t('contentsBulk.download')}
          </ActionButton>
        </Group>
        <CsvItems />
      </CsvSection>

      <CsvUploadSection
        id="content-bulk-upload"
        csv={csv}
        labels={{
          title: t('contentsBulk.uploadTitle'),
          file: t('contentsBulk.file'),
          choose: t('contentsBulk.choose'),
          upload: t('contentsBulk.upload'),
          clearFile: t('contentsBulk.clearFile'),
        }}
        testIds={{ file: 'content-bulk-file', submit: 'content-bulk-submit' }}
      />

      {outcome?.kind === 'updated' ? (
        <CsvDoneAlert title={t('contentsBulk.updatedTitle')} testId="content-bulk-updated">
          <Text size="sm">{t('contentsBulk.updated', { count: outcome.updated })}</Text>
          {outcome.unchanged > 0 ? (
            <Text size="sm">{t('contentsBulk.unchanged', { count: outcome.unchanged })}</Text>
          ) : null}
          <LinkButton to="/contents/list" variant="light" testId="content-bulk-back">
            {t('contentsBulk.backToList')}
          </LinkButton>
        </CsvDoneAlert>
      ) : null}

      {outcome?.kind === 'refused' ? <RefusedCsv outcome={outcome} /> : null}

      <CsvDownloadDialog opened={downloadOpen} onClose={() => setDownloadOpen(false)} query={{}} />
    </Stack>
  );
}

/** The file's items, folded: their number, key, name, and whether each is required or read-only. */
function CsvItems() {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" mt="md">
      <Accordion.Item value="items">
        <Accordion.Control>{t('contentsBulk.itemsTitle', { count: CONTENT_CSV_COLUMNS.length })}</Accordion.Control>
        <Accordion.Panel>
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder data-testid="content-bulk-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('contentsBulk.itemColumns.number')}</Table.Th>
                  <Table.Th>{t('contentsBulk.itemColumns.key')}</Table.Th>
                  <Table.Th>{t('contentsBulk.itemColumns.name')}</Table.Th>
                  <Table.Th>{t('contentsBulk.itemColumns.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {CONTENT_CSV_COLUMNS.map((c, i) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      <code>{c.key}</code>
                    </Table.Td>
                    <Table.Td>{csvItemName(c.key)}</Table.Td>
                    <Table.Td>
                      {[
                        c.required ? t('contentsBulk.required') : '',
                        c.readOnly && c.key !== 'id' ? t('contentsBulk.readOnly') : '',
                      ]
                        .filter(Boolean)
                        .join(' / ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function RefusedCsv({ outcome }: { outcome: Extract<Outcome, { kind: 'refused' }> }) {
  const { t } = useTranslation();
  return (
    <CsvRefusedAlert
      source={outcome.source}
      texts={{
        checkedTitle: t('contentsBulk.checkedTitle'),
        refusedTitle: t('contentsBulk.refusedTitle'),
        checkedBody: t('contentsBulk.checkedBody'),
        refusedBody: t('contentsBulk.nothingChanged'),
      }}
      bodyGap={outcome.rows.length > 0 ? 'sm' : 0}
      testId="content-bulk-refused"
    >
      {outcome.file ? (
        <Text size="sm" fw={600} data-testid="content-bulk-file-refusal">
          {outcome.file}
        </Text>
      ) : null}
      {outcome.rows.length > 0 ? <RefusedRows rows={outcome.rows} /> : null}
    </CsvRefusedAlert>
  );
}

/** The refused rows: a table, or on a phone one card per refusal (row, item, reason stacked). */
function RefusedRows({ rows }: { rows: readonly ContentCsvRefusal[] }) {
  const { t } = useTranslation();
  const cards = useMediaQuery(CARD_LAYOUT_QUERY) ?? false;
  const key = (r: ContentCsvRefusal) => `${r.row}-${r.item}-${r.rule}`;
  if (cards) {
    return (
      <Stack gap="xs" data-testid="content-bulk-errors" data-layout="cards">
        {rows.map((r) => (
          <Paper key={key(r)} withBorder p="xs" radius="md" data-row={r.row} data-item={r.item}>
            <Text size="sm" fw={700}>
              {t('contentsBulk.rowN', { row: r.row, line: r.row + 1 })} · {csvItemName(r.item)}
            </Text>
            <Text size="sm">{csvReasonText(r)}</Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder bg="white" data-testid="content-bulk-errors" data-layout="table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('contentsBulk.columns.row')}</Table.Th>
            <Table.Th>{t('contentsBulk.columns.item')}</Table.Th>
            <Table.Th>{t('contentsBulk.columns.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={key(r)} data-row={r.row} data-item={r.item}>
              <Table.Td>{t('contentsBulk.rowN', { row: r.row, line: r.row + 1 })}</Table.Td>
              <Table.Td>{csvItemName(r.item)}</Table.Td>
              <Table.Td>{csvReasonText(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

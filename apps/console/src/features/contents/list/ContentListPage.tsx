import { Alert, Button, Card, Collapse, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CONTENT_SORTS, type ContentSort, canListUsers, splitKeywords } from '@spinyard/domain';
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconCar,
  IconDownload,
  IconFileSpreadsheet,
  IconPlus,
  IconReportAnalytics,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentProgress } from '../../../api/contentProgress.ts';
import { useContents, useDeleteContents } from '../../../api/contents.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ListEmptyState } from '../../../components/ListEmptyState.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListSearchInput } from '../../../components/ListSearchInput.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { useVisibleMenu } from '../../../shared/menu/useVisibleMenu.ts';
import { useUserActor } from '../../users/useUserActor.ts';
import { actionErrorText } from '../actions/ContentActionsMenu.tsx';
import { bulkDeletable, bulkTransferable } from '../actions/contentActions.ts';
import { TransferDialog } from '../actions/TransferDialog.tsx';
import { useCanOfferTransfer } from '../actions/useCanOfferTransfer.ts';
import { ContentBulkBar } from './ContentBulkBar.tsx';
import { ContentListFilters } from './ContentListFilters.tsx';
import { ContentTable } from './ContentTable.tsx';
import { LazyCsvDownloadDialog, LazyReportDialog } from './LazyListDialogs.tsx';
import {
  activeFilterCount,
  type ContentListConditions,
  clearedFilters,
  loadConditions,
  saveConditions,
  toQuery,
} from './listConditions.ts';

/** Typed filters wait for a pause in typing before the server is asked. */
const TYPING_PAUSE_MS = 350;

/**
 * /contents/list: the vehicles the caller sees (master all, super the company, admin their group, normal their
 * own), searched, filtered, sorted and paged on the server, with their actions, the bulk delete and transfer,
 * the CSV download and each vehicle's running processes moving live. The conditions survive a reload and end
 * at logout.
 */
export function ContentListPage() {
  const { t } = useTranslation();
  const actor = useUserActor();
  const menu = useVisibleMenu();
  useContentProgress();
  const [conditions, setConditions] = useState<ContentListConditions>(loadConditions);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(loadConditions()) > 0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<'delete' | 'transfer' | null>(null);
  const [csvOpen, setCsvOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const deleteMany = useDeleteContents();
  const canTransfer = useCanOfferTransfer(actor);

  const typed = [conditions.search, conditions.maker, conditions.bodyColor, conditions.firstRegistration].join(
    '\u0000',
  );
  const [settled] = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const query = useMemo(() => {
    const [search = '', maker = '', bodyColor = '', firstRegistration = ''] = settled.split('\u0000');
    return toQuery({ ...conditions, search, maker, bodyColor, firstRegistration });
  }, [conditions, settled]);
  const list = useContents(query, actor !== undefined);

  useEffect(() => saveConditions(conditions), [conditions]);

  const update = (next: Partial<ContentListConditions>) => {
    setConditions((c) => ({ ...c, page: 1, ...next }));
    setSelected(new Set());
  };

  if (!actor) return <CenteredLoader py={64} />;

  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filters = activeFilterCount(conditions);
  const filtering = filters > 0 || conditions.search.trim() !== '';
  const keywords = splitKeywords(conditions.search);
  const visible = (id: string) => menu?.some((e) => e.id === id || e.children?.some((c) => c.id === id)) ?? false;
  const chosen = rows.filter((c) => selected.has(c.id));

  const bulkDelete = async () => {
    setRefusal(null);
    try {
      await deleteMany.mutateAsync(chosen.map((c) => c.id));
      notifySuccess(t('contentsList.bulk.deleteDone', { count: chosen.length }));
      setSelected(new Set());
      setBulk(null);
    } catch (error) {
      setRefusal(actionErrorText(error, t('errors.general_error')));
    }
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" gap="md" mb="md" wrap="wrap" align="flex-end">
          <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: '1 1 20rem' }}>
            <ListSearchInput
              label={t('contentsList.searchLabel')}
              placeholder={t('contentsList.searchPlaceholder')}
              clearLabel={t('contentsList.clearSearch')}
              value={conditions.search}
              onChange={(search) => update({ search })}
              fetching={list.isFetching}
              width={360}
              testId="content-search"
            />
            <NativeSelect
              label={t('contentsList.sort')}
              value={conditions.sort}
              onChange={(e) => update({ sort: e.currentTarget.value as ContentSort })}
              data={CONTENT_SORTS.map((s) => ({ value: s, label: t(`contentsList.sorts.${s}`) }))}
              data-testid="content-sort"
            />
            <Button
              variant={filters > 0 ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
              aria-controls="content-filters-panel"
              data-testid="content-filters-toggle"
            >
              {filters > 0
                ? t('contentsList.filters.activeCount', { count: filters })
                : t('contentsList.filters.toggle')}
            </Button>
          </Group>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => setCsvOpen(true)}
              data-testid="content-csv-open"
            >
              {t('contentsList.csv.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconReportAnalytics size={16} aria-hidden />}
              onClick={() => setReportOpen(true)}
              data-testid="contents-report-open"
            >
              {t('contentsReport.open')}
            </Button>
            {visible('contents_bulk') ? (
              <LinkButton to="/contents/bulk" variant="light" icon={IconFileSpreadsheet} testId="content-bulk-csv">
                {t('contentsList.bulkCsv')}
              </LinkButton>
            ) : null}
            {visible('contents_add') ? (
              <LinkButton to="/contents/add" icon={IconPlus} testId="content-add">
                {t('contentsList.add')}
              </LinkButton>
            ) : null}
          </Group>
        </Group>

        <Collapse in={filtersOpen} id="content-filters-panel">
          <Stack gap="sm" mb="md">
            {/* Mounted only while open: the owner picker asks the server for users. */}
            {filtersOpen ? (
              <ContentListFilters conditions={conditions} update={update} ownerFilter={canListUsers(actor).ok} />
            ) : null}
            {filtering ? (
              <Group>
                <Button variant="subtle" size="xs" onClick={() => update(clearedFilters(conditions))}>
                  {t('contentsList.filters.clear')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Collapse>

        {keywords.length > 1 ? (
          <Text size="sm" c="gray.7" mb="sm" data-testid="content-keywords-note">
            {t('contentsList.keywordsNote', { count: keywords.length })}
          </Text>
        ) : null}

        {chosen.length > 0 ? (
          <ContentBulkBar
            count={chosen.length}
            canDelete={chosen.every(bulkDeletable)}
            canTransfer={canTransfer}
            transferable={chosen.every(bulkTransferable)}
            onClear={() => setSelected(new Set())}
            onDelete={() => {
              setRefusal(null);
              setBulk('delete');
            }}
            onTransfer={() => setBulk('transfer')}
          />
        ) : null}

        {list.isPending ? (
          <ListSkeleton />
        ) : rows.length === 0 ? (
          <ListEmptyState
            icon={IconCar}
            message={filtering ? t('contentsList.noMatch') : t('contentsList.empty')}
            action={
              filtering ? (
                <Button variant="light" onClick={() => update(clearedFilters(conditions))}>
                  {t('contentsList.filters.clear')}
                </Button>
              ) : visible('contents_add') ? (
                <LinkButton to="/contents/add" icon={IconPlus}>
                  {t('contentsList.add')}
                </LinkButton>
              ) : null
            }
            testId="content-list-empty"
          />
        ) : (
          <ContentTable
            actor={actor}
            canTransfer={canTransfer}
            rows={rows}
            dimmed={list.isPlaceholderData}
            selected={selected}
            setSelected={setSelected}
          />
        )}

        {total > 0 ? (
          <ListFooter
            total={total}
            page={conditions.page}
            limit={conditions.limit}
            onPage={(page) => update({ page })}
            onLimit={(limit) => update({ limit })}
            testId="content-list-footer"
          />
        ) : null}
      </Card>

      <ConfirmModal
        opened={bulk === 'delete'}
        title={t('contentsList.bulk.deleteTitle', { count: chosen.length })}
        confirmLabel={t('contentsList.bulk.delete')}
        onConfirm={() => void bulkDelete()}
        onClose={() => setBulk(null)}
        loading={deleteMany.isPending}
        testId="content-bulk-confirm"
      >
        <Text size="sm">{t('contentsList.bulk.deleteBody', { count: chosen.length })}</Text>
        {refusal ? (
          <Alert
            color="red"
            role="alert"
            icon={<IconAlertCircle size={16} aria-hidden />}
            data-testid="content-bulk-refusal"
          >
            {refusal}
          </Alert>
        ) : null}
      </ConfirmModal>
      <TransferDialog
        opened={bulk === 'transfer'}
        contents={chosen}
        onClose={() => setBulk(null)}
        onDone={() => setSelected(new Set())}
      />
      <LazyCsvDownloadDialog opened={csvOpen} onClose={() => setCsvOpen(false)} query={query} />
      <LazyReportDialog opened={reportOpen} onClose={() => setReportOpen(false)} />
    </Stack>
  );
}

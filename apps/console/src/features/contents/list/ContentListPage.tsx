import { Button, Collapse, Group, Stack } from '@mantine/core';
import { canListUsers, splitKeywords } from '@spinyard/domain';
import { IconCar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentProgress } from '../../../api/contentProgress.ts';
import { useContents } from '../../../api/contents.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { RefusalAlert } from '../../../components/RefusalAlert.tsx';
import { ListKeywordsNote, ListPageFrame } from '../../../shared/lists/ListPageFrame.tsx';
import { ListResults } from '../../../shared/lists/ListResults.tsx';
import { useVisibleMenu } from '../../../shared/menu/useVisibleMenu.ts';
import { BulkLinkButtons, ListLinkNote, useListLinks } from '../../listing/BulkLink.tsx';
import { useUserActor } from '../../users/useUserActor.ts';
import { bulkDeletable, bulkTransferable } from '../actions/contentActions.ts';
import { TransferDialog } from '../actions/TransferDialog.tsx';
import { useCanOfferTransfer } from '../actions/useCanOfferTransfer.ts';
import { ContentBulkBar } from './ContentBulkBar.tsx';
import { ContentBulkDelete } from './ContentBulkDelete.tsx';
import { ContentListFilters } from './ContentListFilters.tsx';
import { ContentListActions, ContentListTools } from './ContentListHead.tsx';
import { ContentTable } from './ContentTable.tsx';
import { LazyCsvDownloadDialog, LazyReportDialog } from './LazyListDialogs.tsx';
import { activeFilterCount, clearedFilters, loadConditions } from './listConditions.ts';
import { useContentListConditions } from './useContentListConditions.ts';

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
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(loadConditions()) > 0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<'delete' | 'transfer' | null>(null);
  const [csvOpen, setCsvOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const canTransfer = useCanOfferTransfer(actor);
  const { conditions, query, update } = useContentListConditions(() => setSelected(new Set()));
  const list = useContents(query, actor !== undefined);
  const { links, bulk: bulkLink, signedOut } = useListLinks(actor, () => setSelected(new Set()));

  if (!actor) return <CenteredLoader py={64} />;

  const rows = list.data?.items ?? [];
  const filters = activeFilterCount(conditions);
  const filtering = filters > 0 || conditions.search.trim() !== '';
  const clear = { label: t('contentsList.filters.clear'), onClear: () => update(clearedFilters(conditions)) };
  const visible = (id: string) => menu?.some((e) => e.id === id || e.children?.some((c) => c.id === id)) ?? false;
  const chosen = rows.filter((c) => selected.has(c.id));
  const keywords = splitKeywords(conditions.search).length;

  return (
    <ListPageFrame
      maw={1400}
      tools={
        <ContentListTools
          conditions={conditions}
          update={update}
          fetching={list.isFetching}
          filters={filters}
          filtersOpen={filtersOpen}
          toggleFilters={() => setFiltersOpen((o) => !o)}
        />
      }
      actions={
        <ContentListActions
          openCsv={() => setCsvOpen(true)}
          openReport={() => setReportOpen(true)}
          bulkCsv={visible('contents_bulk')}
          add={visible('contents_add')}
        />
      }
      outside={
        <>
          <ContentBulkDelete
            opened={bulk === 'delete'}
            chosen={chosen}
            onClose={() => setBulk(null)}
            onDone={() => {
              setSelected(new Set());
              setBulk(null);
            }}
          />
          <TransferDialog
            opened={bulk === 'transfer'}
            contents={chosen}
            onClose={() => setBulk(null)}
            onDone={() => setSelected(new Set())}
          />
          <LazyCsvDownloadDialog opened={csvOpen} onClose={() => setCsvOpen(false)} query={query} />
          <LazyReportDialog opened={reportOpen} onClose={() => setReportOpen(false)} />
        </>
      }
    >
      <Collapse in={filtersOpen} id="content-filters-panel">
        <Stack gap="sm" mb="md">
          {/* Mounted only while open: the owner picker asks the server for users. */}
          {filtersOpen ? (
            <ContentListFilters conditions={conditions} update={update} ownerFilter={canListUsers(actor).ok} />
          ) : null}
          {filtering ? (
            <Group>
              <Button variant="subtle" size="xs" onClick={clear.onClear}>
                {clear.label}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Collapse>

      <ListLinkNote signedOut={signedOut} />
      <ListKeywordsNote
        count={keywords}
        text={t('contentsList.keywordsNote', { count: keywords })}
        testId="content-keywords-note"
      />

      {chosen.length > 0 ? (
        <ContentBulkBar
          count={chosen.length}
          canDelete={chosen.every(bulkDeletable)}
          canTransfer={canTransfer}
          transferable={chosen.every(bulkTransferable)}
          onClear={() => setSelected(new Set())}
          onDelete={() => setBulk('delete')}
          onTransfer={() => setBulk('transfer')}
          more={<BulkLinkButtons chosen={chosen} links={links} bulk={bulkLink} />}
        />
      ) : null}
      <RefusalAlert refusal={bulkLink.refusal} testId="content-bulk-link-refusal" />

      <ListResults
        list={list}
        empty={{
          icon: IconCar,
          testId: 'content-list-empty',
          filtering,
          texts: 'contentsList',
          clear,
          addPath: visible('contents_add') ? '/contents/add' : undefined,
        }}
        paging={{
          page: conditions.page,
          limit: conditions.limit,
          onPage: (page) => update({ page }),
          onLimit: (limit) => update({ limit }),
          testId: 'content-list-footer',
        }}
      >
        <ContentTable
          actor={actor}
          canTransfer={canTransfer}
          rows={rows}
          dimmed={list.isPlaceholderData}
          selection={{ selected, setSelected }}
          {...(links ? { links } : {})}
        />
      </ListResults>
    </ListPageFrame>
  );
}

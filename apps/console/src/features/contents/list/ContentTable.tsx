import { Anchor, Group, Table, Text } from '@mantine/core';
import type { ContentListItem, PermissionActor } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionsCell, DateCell } from '../../../shared/lists/ListCells.tsx';
import { type RowSelection, SelectableListTable, SelectRowCell } from '../../../shared/lists/RowSelection.tsx';
import { ContentActionsMenu } from '../actions/ContentActionsMenu.tsx';
import { bulkDeletable, bulkTransferable } from '../actions/contentActions.ts';
import { contentName } from '../actions/contentText.ts';
import { ContentProcesses, ContentThumbnail, PublicationBadge } from './ContentBits.tsx';

/** Whether a row can be ticked: for at least one of the bulk actions (delete, transfer). */
export function selectable(item: ContentListItem, canTransfer: boolean): boolean {
  return bulkDeletable(item) || (canTransfer && bulkTransferable(item));
}

/** One page of vehicles: a tick box for the bulk actions, the vehicle's facts and progress, its actions. */
export function ContentTable({
  actor,
  canTransfer,
  rows,
  dimmed,
  selection,
}: {
  selection: RowSelection;
  actor: PermissionActor;
  canTransfer: boolean;
  rows: ContentListItem[];
  dimmed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectableListTable
      minWidth={980}
      testId="content-table"
      dimmed={dimmed}
      selection={selection}
      tickable={rows.filter((c) => selectable(c, canTransfer)).map((c) => c.id)}
      selectAllLabel={t('contentsList.bulk.selectAll')}
      selectAllTestId="content-select-all"
      columns={[
        t('contentsList.columns.thumbnail'),
        t('contentsList.columns.vehicle'),
        t('contentsList.columns.managementId'),
        t('contentsList.columns.owner'),
        t('contentsList.columns.state'),
        t('contentsList.columns.updated'),
      ]}
      actionsLabel={t('contentsList.columns.actions')}
    >
      {rows.map((item) => {
        const name = contentName(item);
        const detailPath = `/contents/detail/${encodeURIComponent(item.id)}`;
        return (
          <Table.Tr
            key={item.id}
            data-testid="content-row"
            data-id={item.id}
            data-management-id={item.management_id}
            data-publication={item.publication}
          >
            <SelectRowCell
              {...selection}
              id={item.id}
              label={t('contentsList.bulk.select', { name })}
              disabled={!selectable(item, canTransfer)}
              testId="content-select"
            />
            <Table.Td>
              <ContentThumbnail url={item.thumbnail_url} name={name} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={detailPath} fw={600} size="sm">
                {[item.maker, item.car_name].filter((s) => s.trim() !== '').join(' ') || item.management_id}
              </Anchor>
              <Text size="xs" c="gray.7">
                {[item.body_color, item.first_registration_year ?? ''].filter((s) => s !== '').join(' / ')}
              </Text>
              <ContentProcesses processes={item.processes} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {item.management_id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{item.owner.name}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <PublicationBadge state={item.publication} />
                {item.vr_mode ? (
                  <Text size="xs" c="gray.7">
                    {t('publication.vrMode')}
                  </Text>
                ) : null}
              </Group>
            </Table.Td>
            <DateCell value={item.updated_at} />
            <ActionsCell>
              <ContentActionsMenu content={item} actor={actor} />
            </ActionsCell>
          </Table.Tr>
        );
      })}
    </SelectableListTable>
  );
}

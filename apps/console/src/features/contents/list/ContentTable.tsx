import { Anchor, Group, Table, Text } from '@mantine/core';
import type { ContentListItem, PermissionActor } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionsCell, DateCell } from '../../../shared/lists/ListCells.tsx';
import { type RowSelection, SelectableListTable, SelectRowCell } from '../../../shared/lists/RowSelection.tsx';
import { type RowLinks, rowLinkChangeable } from '../../listing/linkOffers.ts';
import { RowLinkCell } from '../../listing/RowLinkCell.tsx';
import { ContentActionsMenu } from '../actions/ContentActionsMenu.tsx';
import { bulkDeletable, bulkTransferable } from '../actions/contentActions.ts';
import { contentName } from '../actions/contentText.ts';
import { ContentProcesses, ContentThumbnail, PublicationBadge } from './ContentBits.tsx';

/** Whether a row can be ticked: for at least one of the bulk actions (delete, transfer, link). */
export function selectable(item: ContentListItem, canTransfer: boolean, links?: RowLinks): boolean {
  return bulkDeletable(item) || (canTransfer && bulkTransferable(item)) || rowLinkChangeable(item, links);
}

/**
 * One page of vehicles: a tick box for the bulk actions, the vehicle's facts and progress, its listing-site link
 * (for users joined to the listing site), its actions.
 */
export function ContentTable({
  actor,
  canTransfer,
  rows,
  dimmed,
  selection,
  links,
}: {
  selection: RowSelection;
  /** The link column's needs; without it (a user not joined to the listing site) the column is not shown. */
  links?: RowLinks;
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
      tickable={rows.filter((c) => selectable(c, canTransfer, links)).map((c) => c.id)}
      selectAllLabel={t('contentsList.bulk.selectAll')}
      selectAllTestId="content-select-all"
      columns={[
        t('contentsList.columns.thumbnail'),
        t('contentsList.columns.vehicle'),
        t('contentsList.columns.managementId'),
        t('contentsList.columns.owner'),
        t('contentsList.columns.state'),
        ...(links ? [t('contentsList.columns.link')] : []),
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
              disabled={!selectable(item, canTransfer, links)}
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
            {links ? (
              <RowLinkCell
                item={item}
                name={name}
                canChange={rowLinkChangeable(item, links)}
                refusal={links.refusals.get(item.id)}
              />
            ) : null}
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

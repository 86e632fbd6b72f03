import { Anchor, NativeSelect, Table, Text } from '@mantine/core';
import {
  DEFAULT_PAGE_SIZE,
  WEB_NEGOTIATION_SORTS,
  WEB_NEGOTIATION_STATES,
  type WebNegotiationState,
  type WebNegotiationSummary,
} from '@spinyard/domain';
import { IconCopy, IconEye, IconPencil, IconPlayerPlay, IconTrash, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifySuccess } from '../../api/notify.ts';
import { useDeleteWebNegotiation, useWebNegotiationList } from '../../api/webNegotiation.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import type { ListPosition } from '../../components/listPosition.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { refusalOf } from '../../components/refusal.ts';
import { SearchedListPage, useSearchedList } from '../../shared/lists/SearchedListPage.tsx';
import { isOpenMeeting, MeetingState, MeetingTime, RoomState } from './MeetingBits.tsx';
import { useMeetingLinks } from './useMeetingLinks.ts';

type Sort = (typeof WEB_NEGOTIATION_SORTS)[number];
const isSort = (v: string | null): v is Sort => (WEB_NEGOTIATION_SORTS as readonly string[]).includes(v ?? '');
const isState = (v: string | null): v is WebNegotiationState =>
  (WEB_NEGOTIATION_STATES as readonly string[]).includes(v ?? '');
export const meetingPath = (kind: 'detail' | 'edit', id: string) =>
  `/web-negotiation/${kind}/${encodeURIComponent(id)}`;

/** The list's frame: its texts, test ids, add screen and widths. */
const LIST_FRAME = {
  texts: 'webNegotiation.list',
  name: 'meeting',
  addPath: '/web-negotiation/add',
  icon: IconVideo,
  searchWidth: 260,
  tableWidth: 900,
};

/** The list's rows: the position in the address with the sort and the state chosen. */
function useMeetingRows(position: ListPosition) {
  const [params] = useSearchParams();
  const sort = params.get('sort');
  const status = params.get('status');
  return useWebNegotiationList({
    ...position,
    sort: isSort(sort) ? sort : 'starts_at_desc',
    ...(isState(status) ? { status } : {}),
  });
}

function MeetingRow({ meeting, onDelete }: { meeting: WebNegotiationSummary; onDelete: () => void }) {
  const { t } = useTranslation();
  const links = useMeetingLinks();
  const name = meeting.title;
  const open = isOpenMeeting(meeting);
  return (
    <Table.Tr data-testid="meeting-row" data-meeting={meeting.id}>
      <Table.Td>
        <Anchor component={Link} to={meetingPath('detail', meeting.id)} size="sm" fw={600}>
          {meeting.title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <MeetingTime meeting={meeting} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{meeting.host.name}</Text>
      </Table.Td>
      <Table.Td>
        <MeetingState state={meeting.status} />
      </Table.Td>
      <Table.Td>
        <RoomState status={meeting.room_status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{meeting.vehicle_count}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{meeting.invitee_count}</Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <RowAction
          label={t('webNegotiation.list.open', { name })}
          icon={IconEye}
          to={meetingPath('detail', meeting.id)}
        />
        {meeting.can_edit && (
          <RowAction
            label={t('webNegotiation.list.edit', { name })}
            icon={IconPencil}
            to={meetingPath('edit', meeting.id)}
            testId="meeting-edit"
          />
        )}
        {open && (
          <RowAction
            label={t('webNegotiation.list.copyHostLink', { name })}
            icon={IconCopy}
            onClick={() => void links.copyHostLink(meeting.id)}
          />
        )}
        {open && (
          <RowAction
            label={t('webNegotiation.list.startCall', { name })}
            icon={IconPlayerPlay}
            color="teal"
            onClick={() => void links.startCall(meeting.id)}
          />
        )}
        {meeting.status !== 'in_call' && (
          <RowAction
            label={t('webNegotiation.list.delete', { name })}
            icon={IconTrash}
            color="red"
            onClick={onDelete}
            testId="meeting-delete"
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Deleting a meeting: its invitees of a meeting still to come get the calendar's cancellation. */
export function DeleteMeetingModal({
  meeting,
  onClose,
  onDeleted,
}: {
  meeting: Pick<WebNegotiationSummary, 'id' | 'title'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteWebNegotiation();
  return (
    <ConfirmModal
      opened={meeting !== null}
      title={t('webNegotiation.deleteTitle')}
      confirmLabel={t('webNegotiation.deleteConfirm')}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        meeting &&
        remove.mutate(meeting.id, {
          onSuccess: () => {
            notifySuccess(t('webNegotiation.deleted', { name: meeting.title }));
            onClose();
            onDeleted?.();
          },
          onError: (error) => refusalOf(error),
        })
      }
      testId="meeting-delete-confirm"
    >
      <Text size="sm">{t('webNegotiation.deleteText', { name: meeting?.title ?? '' })}</Text>
    </ConfirmModal>
  );
}

/**
 * /web-negotiation/list (first document, section 2): the meetings the user sees, searched, sorted by their start
 * and filtered by state, with their time on the user's clock, host, states, vehicles and invitees; each opened,
 * edited before it starts, deleted, its host link copied or its call started.
 */
export function WebNegotiationListPage() {
  const { t } = useTranslation();
  const state = useSearchedList(DEFAULT_PAGE_SIZE, useMeetingRows, ['sort', 'status']);
  const [params] = useSearchParams();
  const [deleting, setDeleting] = useState<WebNegotiationSummary | null>(null);
  const sort = params.get('sort');
  const status = params.get('status');
  const columns = ['title', 'time', 'host', 'status', 'room', 'vehicles', 'invitees'];
  const filters = (
    <>
      <NativeSelect
        label={t('webNegotiation.list.sort')}
        value={isSort(sort) ? sort : 'starts_at_desc'}
        onChange={(e) =>
          state.setFilter('sort', e.currentTarget.value === 'starts_at_desc' ? '' : e.currentTarget.value)
        }
        data={WEB_NEGOTIATION_SORTS.map((value) => ({ value, label: t(`webNegotiation.sorts.${value}`) }))}
        data-testid="meeting-sort"
      />
      <NativeSelect
        label={t('webNegotiation.list.state')}
        value={isState(status) ? status : ''}
        onChange={(e) => state.setFilter('status', e.currentTarget.value)}
        data={[
          { value: '', label: t('webNegotiation.list.anyState') },
          ...WEB_NEGOTIATION_STATES.map((value) => ({ value, label: t(`webNegotiation.states.${value}`) })),
        ]}
        data-testid="meeting-state-filter"
      />
    </>
  );
  return (
    <>
      <SearchedListPage
        state={state}
        {...LIST_FRAME}
        columns={columns.map((column) => t(`webNegotiation.list.columns.${column}`))}
        actionsLabel={t('webNegotiation.list.columns.actions')}
        filters={{ node: filters, active: isState(status) }}
      >
        {state.items.map((meeting) => (
          <MeetingRow key={meeting.id} meeting={meeting} onDelete={() => setDeleting(meeting)} />
        ))}
      </SearchedListPage>
      <DeleteMeetingModal meeting={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

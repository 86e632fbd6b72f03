import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WebNegotiationAnswer } from '@spinyard/domain';
import { IconCopy, IconDownload, IconLink, IconPencil, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { downloadMeetingDocument, useWebNegotiation } from '../../api/webNegotiation.ts';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { refusalOf } from '../../components/refusal.ts';
import { SectionCard } from '../tenancy/shared/SectionCard.tsx';
import { isOpenMeeting, MeetingQueryState, MeetingState, MeetingTime, RoomState } from './MeetingBits.tsx';
import { MeetingNotesCard } from './MeetingNotesCard.tsx';
import { useMeetingLinks } from './useMeetingLinks.ts';
import { DeleteMeetingModal, meetingPath } from './WebNegotiationListPage.tsx';

type Invitee = WebNegotiationAnswer['invitees'][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** How the invitation left: by mail (with the calendar invitation), by SMS, or both, and when. */
function InvitationState({ invitee }: { invitee: Invitee }) {
  const { t, i18n } = useTranslation();
  if (!invitee.invited_at) return <Text size="sm">{t('webNegotiation.invitees.notSent')}</Text>;
  const ways = [
    invitee.email ? t('webNegotiation.invitees.byMail') : '',
    invitee.phone ? t('webNegotiation.invitees.bySms') : '',
  ];
  return (
    <Text size="sm" data-testid="meeting-invitation">
      <IconSend size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: 'middle' }} />
      {`${ways.filter(Boolean).join(' / ')} (${formatDateTime(invitee.invited_at, i18n.language)})`}
    </Text>
  );
}

/** One invitee as a card (a phone shows them one above the other): who, how invited, the link to copy. */
function InviteeCard({ invitee, open, onCopy }: { invitee: Invitee; open: boolean; onCopy: () => void }) {
  const { t } = useTranslation();
  const who = invitee.name || invitee.email || invitee.phone;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="meeting-invitee-row">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text size="sm" fw={600}>
            {invitee.name || '-'}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {[invitee.email, invitee.phone].filter(Boolean).join(' / ')}
          </Text>
          <InvitationState invitee={invitee} />
        </Stack>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconLink size={14} aria-hidden />}
          disabled={!open}
          onClick={onCopy}
          aria-label={t('webNegotiation.invitees.copyLinkOf', { name: who })}
        >
          {t('webNegotiation.invitees.copyLink')}
        </Button>
      </Group>
    </Paper>
  );
}

function InviteesCard({ meeting }: { meeting: WebNegotiationAnswer }) {
  const links = useMeetingLinks();
  const open = isOpenMeeting(meeting);
  return (
    <PartsCard part="invitees" count={meeting.invitees.length}>
      {meeting.invitees.map((i) => (
        <InviteeCard key={i.id} invitee={i} open={open} onCopy={() => void links.copyInviteeLink(meeting.id, i.id)} />
      ))}
    </PartsCard>
  );
}

/** A part of the meeting (its vehicles, invitees, documents) under its title, or the words saying it has none. */
function PartsCard({
  part,
  count,
  children,
}: {
  part: 'vehicles' | 'invitees' | 'documents';
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t(`webNegotiation.${part}.title`)} id={`meeting-${part}`}>
      <Stack gap="sm" data-testid={`meeting-${part}-part`}>
        {count === 0 ? <Text size="sm">{t(`webNegotiation.${part}.none`)}</Text> : children}
      </Stack>
    </SectionCard>
  );
}

/** The spec's "web negotiation vehicles": the reserved vehicles, each opening its record. */
function VehiclesCard({ meeting }: { meeting: WebNegotiationAnswer }) {
  return (
    <PartsCard part="vehicles" count={meeting.vehicles.length}>
      {meeting.vehicles.map((v) => (
        <Group key={v.content_id} gap="sm" wrap="wrap">
          <Anchor component={Link} to={`/contents/detail/${encodeURIComponent(v.content_id)}`} size="sm" fw={600}>
            {v.name}
          </Anchor>
          <Text size="xs" c="gray.7" translate="no">
            {v.management_id}
          </Text>
        </Group>
      ))}
    </PartsCard>
  );
}

function DocumentsCard({ meeting }: { meeting: WebNegotiationAnswer }) {
  const { t } = useTranslation();
  return (
    <PartsCard part="documents" count={meeting.documents.length}>
      {meeting.documents.map((d) => (
        <Group key={d.id} gap="sm" wrap="nowrap" justify="space-between">
          <Text size="sm" truncate="end">
            {d.kind === 'business_card' ? `${t('webNegotiation.documents.card')}: ` : ''}
            {d.file_name}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => downloadMeetingDocument(meeting.id, d).catch((error: unknown) => refusalOf(error))}
            aria-label={t('webNegotiation.documents.download', { name: d.file_name })}
          >
            {t('webNegotiation.documents.downloadShort')}
          </Button>
        </Group>
      ))}
    </PartsCard>
  );
}

function MeetingHead({ meeting }: { meeting: WebNegotiationAnswer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = useMeetingLinks();
  const [deleting, setDeleting] = useState(false);
  const open = isOpenMeeting(meeting);
  return (
    <SectionCard title={meeting.title} id="meeting-head" testId="meeting-detail">
      <Stack gap="md">
        <Group gap="xl" wrap="wrap" align="flex-start">
          <Fact label={t('webNegotiation.fields.time')}>
            <MeetingTime meeting={meeting} />
          </Fact>
          <Fact label={t('webNegotiation.fields.host_user_id')}>
            <Text size="sm">{meeting.host.name}</Text>
          </Fact>
          <Fact label={t('webNegotiation.list.columns.status')}>
            <MeetingState state={meeting.status} />
          </Fact>
          <Fact label={t('webNegotiation.list.columns.room')}>
            <RoomState status={meeting.room_status} />
          </Fact>
          <Fact label={t('webNegotiation.detail.participants')}>
            <Text size="sm">{t('webNegotiation.detail.people', { n: meeting.participants })}</Text>
          </Fact>
        </Group>
        {meeting.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {meeting.description}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {open && (
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => void links.startCall(meeting.id)}
            >
              {t('webNegotiation.detail.startCall')}
            </Button>
          )}
          {open && (
            <Button
              variant="light"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void links.copyHostLink(meeting.id)}
            >
              {t('webNegotiation.detail.copyHostLink')}
            </Button>
          )}
          {meeting.can_edit && (
            <LinkButton
              to={meetingPath('edit', meeting.id)}
              variant="light"
              icon={IconPencil}
              testId="meeting-detail-edit"
            >
              {t('webNegotiation.detail.edit')}
            </LinkButton>
          )}
          {meeting.status !== 'in_call' && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('webNegotiation.detail.delete')}
            </Button>
          )}
        </Group>
      </Stack>
      <DeleteMeetingModal
        meeting={deleting ? meeting : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/web-negotiation/list')}
      />
    </SectionCard>
  );
}

/**
 * /web-negotiation/detail/{roomId}: the meeting with its vehicles (the spec's "web negotiation vehicles"), its
 * invitees with how each was invited and a link to copy, its documents to download, and the memo and evaluation
 * sheet, which stay editable before, during and after the call.
 */
export function WebNegotiationDetailPage() {
  const { roomId = '' } = useParams();
  const meeting = useWebNegotiation(roomId);
  if (!meeting.isSuccess) return <MeetingQueryState failed={meeting.isError} />;
  const m = meeting.data;
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <MeetingHead meeting={m} />
      <VehiclesCard meeting={m} />
      <InviteesCard meeting={m} />
      <DocumentsCard meeting={m} />
      <MeetingNotesCard key={m.updated_at} meeting={m} />
    </Stack>
  );
}

import { Group, Text } from '@mantine/core';
import type { RoomStatus, WebNegotiationState, WebNegotiationSummary } from '@spinyard/domain';
import { IconCircleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { RecordMissing } from '../../components/RecordMissing.tsx';

/** The dot's colour of each state and room status: on its way (blue), live (teal), over (grey, orange, red). */
const COLOURS: Record<WebNegotiationState | RoomStatus, string> = {
  waiting: 'blue-7',
  ready: 'blue-7',
  in_call: 'teal-7',
  open: 'teal-7',
  expired: 'orange-7',
  ended: 'gray-6',
  closed: 'gray-6',
  deleted: 'red-7',
};

/** A state as dark words beside a coloured dot: coloured words fall under 4.5:1 on a row's hover shade. */
function Dotted({ colour, words, testId }: { colour: string; words: string; testId: string }) {
  return (
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      <IconCircleFilled size={10} color={`var(--mantine-color-${colour})`} style={{ marginInlineEnd: 6 }} aria-hidden />
      {words}
    </Text>
  );
}

export function MeetingState({ state }: { state: WebNegotiationState }) {
  const { t } = useTranslation();
  return <Dotted colour={COLOURS[state]} words={t(`webNegotiation.states.${state}`)} testId="meeting-state" />;
}

export function RoomState({ status }: { status: RoomStatus }) {
  const { t } = useTranslation();
  return <Dotted colour={COLOURS[status]} words={t(`webNegotiation.rooms.${status}`)} testId="meeting-room" />;
}

/** Start and end on the user's clock (the browser's time zone), with the length. */
export function MeetingTime({
  meeting,
}: {
  meeting: Pick<WebNegotiationSummary, 'starts_at' | 'ends_at' | 'duration_minutes'>;
}) {
  const { t, i18n } = useTranslation();
  // The end's time with the zone's short name (JST, UTC): the clock the times are read on is never in doubt.
  const end = new Date(meeting.ends_at).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return (
    <Group gap={4} wrap="wrap">
      <Text size="sm">{`${formatDateTime(meeting.starts_at, i18n.language)} - ${end}`}</Text>
      <Text size="xs" c="gray.7">
        {t('webNegotiation.minutes', { n: meeting.duration_minutes })}
      </Text>
    </Group>
  );
}

/** Whether the host's link still opens anything: not once the meeting is over. */
export const isOpenMeeting = (m: Pick<WebNegotiationSummary, 'status'>) =>
  m.status === 'waiting' || m.status === 'in_call';

/** A meeting's screen while its record loads or when it cannot be read (deleted, another team's): why, and back. */
export function MeetingQueryState({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  if (!failed) return <CenteredLoader />;
  const back = { to: '/web-negotiation/list', label: t('webNegotiation.backToList') };
  return <RecordMissing message={t('webNegotiation.notFound')} back={back} />;
}

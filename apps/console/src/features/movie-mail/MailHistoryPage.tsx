import { Alert, Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, type MovieMailAnswer, type PageSize } from '@spinyard/domain';
import { IconEye, IconMailForward, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteMovieMail, useMovieMails, useResendMovieMail } from '../../api/movieMail.ts';
import { notifySuccess } from '../../api/notify.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DialogShell } from '../../components/DialogShell.tsx';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { currentLocale } from '../../i18n/locale.ts';
import { ListResults } from '../../shared/lists/ListResults.tsx';
import { MailDetail } from './MailDetail.tsx';

type Pending = { kind: 'show' | 'resend' | 'delete'; mail: MovieMailAnswer } | null;

function ExpiryCell({ mail }: { mail: MovieMailAnswer }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{formatDateTime(mail.expires_at, i18n.language)}</Text>
      {mail.expired ? (
        <Badge variant="light" color="gray.8" data-testid="movie-mail-expired">
          {t('movieMail.expired')}
        </Badge>
      ) : null}
    </Stack>
  );
}

function MailRow({ mail, onAction }: { mail: MovieMailAnswer; onAction: (pending: Pending) => void }) {
  const { t, i18n } = useTranslation();
  const who = mail.recipients.join(', ');
  return (
    <Table.Tr data-testid="movie-mail-row">
      <Table.Td>{formatDateTime(mail.sent_at, i18n.language)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/contents/detail/${encodeURIComponent(mail.content_id)}`} size="sm">
          {mail.content_name}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{who}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{mail.cc.join(', ') || '-'}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2} maw={280} style={{ whiteSpace: 'pre-line' }}>
          {mail.body}
        </Text>
      </Table.Td>
      <Table.Td>
        <ExpiryCell mail={mail} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <RowAction
            label={t('movieMail.show', { who })}
            icon={IconEye}
            onClick={() => onAction({ kind: 'show', mail })}
            testId="movie-mail-show"
          />
          <RowAction
            label={t('movieMail.resend', { who })}
            icon={IconSend}
            onClick={() => onAction({ kind: 'resend', mail })}
            testId="movie-mail-resend"
          />
          <RowAction
            label={t('movieMail.delete', { who })}
            icon={IconTrash}
            color="red"
            onClick={() => onAction({ kind: 'delete', mail })}
            testId="movie-mail-delete"
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The three row actions' dialogs: the mail as sent, resend it (a new link), delete it (its link stops). */
function MailDialogs({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { t } = useTranslation();
  const resend = useResendMovieMail();
  const remove = useDeleteMovieMail();
  const mail = pending?.mail;
  return (
    <>
      <DialogShell opened={pending?.kind === 'show'} onClose={onClose} title={t('movieMail.detailTitle')}>
        <div data-testid="movie-mail-detail">{mail ? <MailDetail mail={mail} /> : null}</div>
      </DialogShell>
      <ConfirmModal
        opened={pending?.kind === 'resend'}
        title={t('movieMail.resendTitle')}
        confirmLabel={t('movieMail.resendConfirm')}
        color="blue"
        loading={resend.isPending}
        onClose={onClose}
        onConfirm={() =>
          mail &&
          resend.mutate(
            { id: mail.id, language: currentLocale() },
            {
              onSuccess: () => {
                notifySuccess(t('movieMail.resent'));
                onClose();
              },
            },
          )
        }
        testId="movie-mail-resend-confirm"
      >
        <Text size="sm">{t('movieMail.resendText', { who: mail?.recipients.join(', ') ?? '' })}</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'delete'}
        title={t('movieMail.deleteTitle')}
        confirmLabel={t('movieMail.deleteConfirm')}
        loading={remove.isPending}
        onClose={onClose}
        onConfirm={() =>
          mail &&
          remove.mutate(mail.id, {
            onSuccess: () => {
              notifySuccess(t('movieMail.deleted'));
              onClose();
            },
          })
        }
        testId="movie-mail-delete-confirm"
      >
        <Text size="sm">{t('movieMail.deleteText')}</Text>
      </ConfirmModal>
    </>
  );
}

/**
 * /mail-history/contents-movie (first document, section 2; routed only with option_data): the movie mails of the
 * vehicles the user sees, newest first, with send date, recipients, cc, body and the link's expiry; each can be
 * displayed, resent (a new mail with a link of its own) or deleted (its link stops working).
 */
export function MailHistoryPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [pending, setPending] = useState<Pending>(null);
  const list = useMovieMails({ page, limit });
  const onLimit = (l: PageSize) => {
    setLimit(l);
    setPage(1);
  };
  // The history has no search or filter: nothing to clear.
  const clear = { label: '', onClear: () => undefined };
  const columns = [
    t('movieMail.columns.sent'),
    t('movieMail.columns.vehicle'),
    t('movieMail.columns.recipients'),
    t('movieMail.columns.cc'),
    t('movieMail.columns.body'),
    t('movieMail.columns.expires'),
  ];

  return (
    <Stack gap="lg" data-testid="movie-mail-history">
      <Text size="sm">{t('movieMail.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        {list.isError ? (
          <Alert color="red" variant="light">
            {t('movieMail.loadError')}
          </Alert>
        ) : (
          <ListResults
            list={list}
            empty={{ icon: IconMailForward, testId: 'movie-mail-empty', filtering: false, texts: 'movieMail', clear }}
            paging={{ page, limit, onPage: setPage, onLimit, testId: 'movie-mail-footer' }}
          >
            <ListTable
              minWidth={880}
              testId="movie-mail-table"
              columns={columns}
              actionsLabel={t('movieMail.actions')}
              dimmed={list.isPlaceholderData}
            >
              {(list.data?.items ?? []).map((mail) => (
                <MailRow key={mail.id} mail={mail} onAction={setPending} />
              ))}
            </ListTable>
          </ListResults>
        )}
      </Card>
      <MailDialogs pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}

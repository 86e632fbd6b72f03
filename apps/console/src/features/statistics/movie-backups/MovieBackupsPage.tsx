import { Alert, Anchor, Badge, Card, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import {
  DEFAULT_PAGE_SIZE,
  MOVIE_BACKUP_STATES,
  type MovieBackupAnswer,
  type MovieBackupState,
  type PageSize,
} from '@spinyard/domain';
import { IconMovie } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDomainList } from '../../../api/domains.ts';
import { useMovieBackupReport } from '../../../api/exterior.ts';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { ListEmptyState } from '../../../components/ListEmptyState.tsx';
import { ListFooter } from '../../../components/ListFooter.tsx';
import { ListSkeleton } from '../../../components/ListSkeleton.tsx';
import { ListTable } from '../../../components/ListTable.tsx';
import { currentLocale } from '../../../i18n/locale.ts';
import { formatBytes } from '../../media/exterior/exteriorText.ts';
import { CompanyAndHost } from '../StatisticsLayout.tsx';

function BackupRow({ backup }: { backup: MovieBackupAnswer }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const vehicle = [backup.maker, backup.car_name].filter(Boolean).join(' ') || backup.management_id;
  return (
    <Table.Tr data-testid="movie-backup-row">
      <Table.Td>
        <Stack gap={0}>
          <Anchor component={Link} to={`/contents/detail/${encodeURIComponent(backup.content_id)}`} size="sm">
            {vehicle}
          </Anchor>
          <Text size="xs" c="gray.7">
            {backup.management_id}
          </Text>
          {backup.file_name ? (
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {t('movieBackups.fileName', { name: backup.file_name })}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <CompanyAndHost name={backup.company_name ?? t('movieBackups.noCompany')} host={backup.domain_host} />
      </Table.Td>
      <Table.Td>{formatBytes(backup.size, language)}</Table.Td>
      <Table.Td>
        {t('movieBackups.seconds', {
          seconds: backup.duration_seconds.toLocaleString(language, { maximumFractionDigits: 1 }),
        })}
      </Table.Td>
      <Table.Td>{formatDateTime(backup.created_at, language)}</Table.Td>
      <Table.Td>
        {backup.expires_at ? formatDateTime(backup.expires_at, language) : t('movieBackups.indefinite')}
      </Table.Td>
      <Table.Td>
        {backup.purged_at ? (
          formatDateTime(backup.purged_at, language)
        ) : (
          <Badge variant="light" color="green">
            {t('movieBackups.states.kept')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

/**
 * /statistic/movie-backup-exteriors (master): the original exterior videos kept as backups, newest first, with the
 * vehicle, its company, the file's size and duration, when it was made, until when it is kept (or indefinitely),
 * and when the purge deleted it; narrowed by domain and state, paged.
 */
export function MovieBackupsPage() {
  const { t } = useTranslation();
  const [domainId, setDomainId] = useState('');
  const [state, setState] = useState<MovieBackupState | ''>('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const domains = useDomainList({ page: 1, limit: 300, q: '' });
  const report = useMovieBackupReport({
    page,
    limit,
    ...(domainId ? { domain_id: domainId } : {}),
    ...(state ? { state } : {}),
  });
  const columns = [
    t('movieBackups.columns.vehicle'),
    t('movieBackups.columns.company'),
    t('movieBackups.columns.size'),
    t('movieBackups.columns.duration'),
    t('movieBackups.columns.created'),
    t('movieBackups.columns.expires'),
    t('movieBackups.columns.purged'),
  ];
  const data = report.data;

  return (
    <Stack gap="lg" data-testid="movie-backups-page">
      <Text size="sm">{t('movieBackups.intro')}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Group gap="md" align="flex-end" wrap="wrap" mb="md">
          <NativeSelect
            label={t('movieBackups.domain')}
            value={domainId}
            onChange={(event) => {
              setDomainId(event.currentTarget.value);
              setPage(1);
            }}
            data={[
              { value: '', label: t('movieBackups.allDomains') },
              ...(domains.data?.items ?? []).map((d) => ({ value: d.id, label: `${d.service_name} (${d.host})` })),
            ]}
            w={280}
            data-testid="movie-backups-domain"
          />
          <NativeSelect
            label={t('movieBackups.state')}
            value={state}
            onChange={(event) => {
              setState(event.currentTarget.value as MovieBackupState | '');
              setPage(1);
            }}
            data={[
              { value: '', label: t('movieBackups.allStates') },
              ...MOVIE_BACKUP_STATES.map((s) => ({ value: s, label: t(`movieBackups.states.${s}`) })),
            ]}
            w={160}
            data-testid="movie-backups-state"
          />
          {data ? (
            <Text size="sm" data-testid="movie-backups-kept">
              {t('movieBackups.keptBytes', { size: formatBytes(data.kept_bytes, currentLocale()) })}
            </Text>
          ) : null}
        </Group>
        {report.isError ? (
          <Alert color="red" variant="light">
            {t('movieBackups.loadError')}
          </Alert>
        ) : !data ? (
          <ListSkeleton />
        ) : data.items.length === 0 ? (
          <ListEmptyState icon={IconMovie} message={t('movieBackups.empty')} testId="movie-backups-empty" />
        ) : (
          <>
            <ListTable
              minWidth={860}
              testId="movie-backups-table"
              columns={columns}
              actionsLabel={t('movieBackups.tableLabel')}
              dimmed={report.isPlaceholderData}
            >
              {data.items.map((b) => (
                <BackupRow key={b.id} backup={b} />
              ))}
            </ListTable>
            <ListFooter
              total={data.total}
              page={page}
              limit={limit}
              onPage={setPage}
              onLimit={(l) => {
                setLimit(l);
                setPage(1);
              }}
            />
          </>
        )}
      </Card>
    </Stack>
  );
}

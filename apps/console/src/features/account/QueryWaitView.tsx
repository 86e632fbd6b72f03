import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { endSessionIfUnauthorized } from './sessionErrors.ts';

/** The part of a query an account page waits on: still loading, or failed with its error and a retry. */
export interface AwaitedQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * What an account page shows until its data arrives: a loading line, or the failure with a retry (nothing when
 * the failure ended the session: the sign-in page takes over).
 */
export function QueryWaitView({ query }: { query: AwaitedQuery }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Group gap="sm" p="lg">
        <Loader size="sm" aria-hidden />
        <Text role="status">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (endSessionIfUnauthorized(query.error)) return null;
  return (
    <Stack gap="md" maw={720}>
      <FormAlert message={query.error instanceof ApiError ? apiErrorText(query.error) : t('errors.general_error')} />
      <div>
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </div>
    </Stack>
  );
}

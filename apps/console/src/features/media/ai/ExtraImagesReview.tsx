import { Alert, Badge, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ExtraImagesProposalAnswer } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExtraImageChecks, fetchExtraImages, useRemoveConfirmedFrames } from '../../../api/aiOptions.ts';
import { ApiError } from '../../../api/apiError.ts';
import { notifySuccess } from '../../../api/notify.ts';
import type { ControlLock } from '../exterior/exteriorLocks.ts';
import { exteriorErrorText } from '../exterior/exteriorText.ts';

type Proposed = ExtraImagesProposalAnswer['frames'];

const CHECKS = ['blurred', 'duplicates', 'empty'] as const;

/**
 * Extra-image removal with the dealer's confirmation (issue 23): the frames past the frame count and the rows not in
 * the spin, and with the checks chosen the frames that measure blurred, duplicate or empty, are proposed with their
 * pictures and reasons; nothing is removed until the dealer confirms, and only the frames left ticked go.
 */
export function ExtraImagesReview(props: {
  contentId: string;
  opened: boolean;
  lock: ControlLock;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveConfirmedFrames(props.contentId);
  const [checks, setChecks] = useState<ExtraImageChecks>({ blurred: true, duplicates: true, empty: true });
  const [proposed, setProposed] = useState<Proposed | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failed = (cause: unknown) =>
    setError(cause instanceof ApiError ? exteriorErrorText(cause) : t('errors.general_error'));

  const search = async () => {
    setError(null);
    setLoading(true);
    try {
      const answer = await fetchExtraImages(props.contentId, checks);
      setProposed(answer.frames);
      setChosen(new Set(answer.frames.map((f) => f.id)));
    } catch (cause) {
      failed(cause);
    } finally {
      setLoading(false);
    }
  };

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync([...chosen]);
      notifySuccess(t('exterior.extra.started'));
      setProposed(null);
      props.onClose();
    } catch (cause) {
      failed(cause);
    }
  };

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('aiOptions.extra.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('aiOptions.extra.close') }}
    >
      <Stack gap="sm" data-testid="extra-images-review">
        <Text size="sm">{t('aiOptions.extra.help')}</Text>
        <Group gap="md">
          {CHECKS.map((key) => (
            <Checkbox
              key={key}
              label={t(`aiOptions.extra.check.${key}`)}
              checked={checks[key]}
              onChange={(event) => setChecks({ ...checks, [key]: event.currentTarget.checked })}
              data-testid={`extra-images-check-${key}`}
            />
          ))}
        </Group>
        <Button
          type="button"
          variant="light"
          onClick={() => void search()}
          loading={loading}
          data-testid="extra-images-search"
        >
          {t('aiOptions.extra.search')}
        </Button>
        {proposed?.length === 0 ? <Alert color="gray">{t('aiOptions.extra.none')}</Alert> : null}
        {proposed && proposed.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="extra-images-proposed">
            {proposed.map((frame) => (
              <Stack key={frame.id} gap={2}>
                <img
                  src={frame.url}
                  alt={t('aiOptions.extra.frame', { row: frame.group_order, n: frame.order + 1 })}
                  style={{ width: '100%', height: 'auto' }}
                />
                <Badge variant="outline" color="gray.7" tt="none">
                  {t(`aiOptions.extra.reason.${frame.reason}`)}
                </Badge>
                <Checkbox
                  label={t('aiOptions.extra.frame', { row: frame.group_order, n: frame.order + 1 })}
                  checked={chosen.has(frame.id)}
                  onChange={(event) => toggle(frame.id, event.currentTarget.checked)}
                />
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
        {props.lock.reason ? (
          <Text size="xs" c="orange.9">
            {props.lock.reason}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="button"
            color="red"
            onClick={() => void confirm()}
            disabled={!proposed || chosen.size === 0 || props.lock.locked}
            loading={remove.isPending}
            data-testid="extra-images-confirm"
          >
            {t('aiOptions.extra.confirm', { count: chosen.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

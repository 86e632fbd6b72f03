import { Anchor, Button, Checkbox, List, Modal, Stack, Text } from '@mantine/core';
import type { LegalKind } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { useAcceptLegal, useLegalStatus } from '../../api/legal.ts';
import { FormAlert } from '../auth/FormAlert.tsx';

const PATHS: Record<LegalKind, string> = {
  terms: '/terms',
  privacy: '/privacy',
  personal_information: '/personal-information',
};

/**
 * Asked again after a new version is published (issue 19): while the caller's domain has a text newer than the one
 * they accepted, this dialog stays over every page until they accept it (or sign out). It shows nothing when there
 * is nothing to accept or the check failed: a failed check never locks anyone out.
 */
export function LegalGate() {
  const { t } = useTranslation();
  const status = useLegalStatus();
  const accept = useAcceptLegal();
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const pending = status.data?.pending ?? [];
  if (pending.length === 0) return null;

  const onAccept = () => {
    if (!ticked) {
      setMissing(true);
      return;
    }
    accept.mutate(
      { accepted: pending.map(({ kind, version }) => ({ kind, version })) },
      // A version published meanwhile: the list is read again and asked for.
      { onError: () => void status.refetch(), onSuccess: () => setTicked(false) },
    );
  };
  const failure = accept.error instanceof ApiError ? apiErrorText(accept.error) : undefined;

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('legal.gate.title')}
      size="lg"
      data-testid="legal-gate"
    >
      <Stack gap="md">
        <Text size="sm">{t('legal.gate.lead')}</Text>
        <List size="sm" spacing="xs">
          {pending.map((item) => (
            <List.Item key={item.kind}>
              <Anchor component={Link} to={PATHS[item.kind]} target="_blank" rel="noopener">
                {t('legal.newTab', { title: t(`legal.kinds.${item.kind}`) })}
              </Anchor>
            </List.Item>
          ))}
        </List>
        <FormAlert message={failure} />
        <Checkbox
          checked={ticked}
          onChange={(event) => {
            setTicked(event.currentTarget.checked);
            setMissing(false);
          }}
          label={t('legal.gate.accept')}
          error={missing ? t('legal.gate.required') : undefined}
          aria-invalid={missing}
          name="accept_legal"
        />
        <Button onClick={onAccept} loading={accept.isPending} data-testid="legal-gate-accept">
          {t('legal.gate.submit')}
        </Button>
        <Anchor component={Link} to="/logout" size="sm" ta="center">
          {t('legal.gate.logout')}
        </Anchor>
      </Stack>
    </Modal>
  );
}

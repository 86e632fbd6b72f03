import { Button, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadingPanel } from '../../auth/LoadingPanel.tsx';
import { ResultPanel } from '../../auth/ResultPanel.tsx';
import { confirmFirstPayment } from './confirmFirstPayment.ts';
import { clearSignupHold, readSignupHold } from './signupChoice.ts';

type Shown = { kind: 'waiting' } | { kind: 'unanswered'; url: string } | { kind: 'ended' };

/**
 * /user/entry?confirm=1: the new dealer is back from the card issuer's 3-D Secure page. The tab's hold goes to the
 * registration's confirm once: paid, the dealer is signed in and opens the console with the plan's limit; refused,
 * the account was rolled back and /user/payment shows the card's error with the plan still chosen; the hold ended
 * (used in another tab, expired), this page says what to do.
 */
export function EntryConfirm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>({ kind: 'waiting' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const hold = readSignupHold();
    if (!hold) {
      setShown({ kind: 'ended' });
      return;
    }
    void confirmFirstPayment(hold.token)
      .catch(() => ({ kind: 'ended' }) as const)
      .then(async (outcome) => {
        if (outcome.kind === 'unanswered') {
          setShown({ kind: 'unanswered', url: hold.challenge_url });
          return;
        }
        clearSignupHold();
        if (outcome.kind === 'signed_in') await navigate('/', { replace: true });
        else if (outcome.kind === 'refused') {
          await navigate('/user/payment', { replace: true, state: { refused: outcome.code } });
        } else if (outcome.kind === 'held') await navigate('/login', { replace: true });
        else setShown({ kind: 'ended' });
      });
  }, [navigate]);

  if (shown.kind === 'waiting') return <LoadingPanel message={t('signup3ds.confirming')} />;
  if (shown.kind === 'unanswered') {
    return (
      <ResultPanel tone="info" testId="entry-confirm" message={t('signup3ds.unanswered')}>
        <Button component="a" href={shown.url} size="md" fullWidth>
          {t('signup3ds.openCheck')}
        </Button>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="problem" testId="entry-confirm" message={t('signup3ds.ended')}>
      <Stack gap="sm">
        <Button component={Link} to="/login" size="md" fullWidth>
          {t('common.backToLogin')}
        </Button>
        <Button component={Link} to="/user/plan" size="md" variant="default" fullWidth>
          {t('signup3ds.registerAgain')}
        </Button>
      </Stack>
    </ResultPanel>
  );
}

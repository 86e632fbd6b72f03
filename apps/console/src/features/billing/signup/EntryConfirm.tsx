import { Button, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { tokens } from '../../../api/tokens.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { LoadingPanel } from '../../auth/LoadingPanel.tsx';
import { ResultPanel } from '../../auth/ResultPanel.tsx';
import { confirmFirstPayment, type FirstPaymentOutcome } from './confirmFirstPayment.ts';
import { clearSignupHold, readSignupHold } from './signupChoice.ts';

type Shown = { kind: 'waiting' } | { kind: 'unanswered'; url: string; hold: string } | { kind: 'ended' };

/**
 * /user/entry?confirm=1: the new dealer is back from the card issuer's 3-D Secure page. Back before answering, they
 * can open the check again or give it up for another card (the server cancels the payment and the account). The tab's hold goes to the
 * registration's confirm once: paid, the dealer is signed in and opens the console with the plan's limit; refused,
 * the account was rolled back and /user/payment shows the card's error with the plan still chosen; the hold ended
 * (used in another tab, expired), this page says what to do.
 */
export function EntryConfirm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>({ kind: 'waiting' });
  const [givingUp, setGivingUp] = useState(false);
  const sent = useRef(false);

  /** Where the confirm's answer leads; `gaveUp`: the dealer chose another card, so no card error is shown. */
  const follow = async (outcome: FirstPaymentOutcome, gaveUp = false) => {
    clearSignupHold();
    if (outcome.kind === 'signed_in') await navigate('/', { replace: true });
    else if (outcome.kind === 'refused') {
      await navigate('/user/payment', { replace: true, state: gaveUp ? { gaveUp: true } : { refused: outcome.code } });
    } else if (outcome.kind === 'held') await navigate('/login', { replace: true });
    else setShown({ kind: 'ended' });
  };

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const hold = readSignupHold();
    if (!hold) {
      // Back here through the history after the sign-up signed this tab in: the console, not "the check ended".
      if (tokens.access()) void navigate('/', { replace: true });
      else setShown({ kind: 'ended' });
      return;
    }
    void confirmFirstPayment(hold.token)
      .catch(() => ({ kind: 'ended' }) as const)
      .then(async (outcome) => {
        if (outcome.kind === 'unanswered') setShown({ kind: 'unanswered', url: hold.challenge_url, hold: hold.token });
        else await follow(outcome);
      });
  });

  if (shown.kind === 'waiting') return <LoadingPanel message={t('signup3ds.confirming')} />;
  if (shown.kind === 'unanswered') {
    const giveUp = () => {
      setGivingUp(true);
      void confirmFirstPayment(shown.hold, true)
        .catch(() => ({ kind: 'ended' }) as const)
        .then((outcome) => follow(outcome, true));
    };
    return (
      <ResultPanel tone="info" testId="entry-confirm" message={t('signup3ds.unanswered')}>
        <Stack gap="sm">
          <Button component="a" href={shown.url} size="md" fullWidth>
            {t('signup3ds.openCheck')}
          </Button>
          <ActionButton
            icon={IconCreditCard}
            size="md"
            variant="default"
            fullWidth
            loading={givingUp}
            onClick={giveUp}
            testId="give-up-check"
          >
            {t('signup3ds.giveUp')}
          </ActionButton>
        </Stack>
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

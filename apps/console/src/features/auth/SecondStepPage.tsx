import { Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { TWO_STEP_CODE_LENGTH, TWO_STEP_CODE_TTL_MS, TWO_STEP_MAX_ATTEMPTS } from '@spinyard/domain';
import { IconDeviceMobileMessage, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/apiError.ts';
import { abandonHeldSignIn } from '../../api/auth.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { useSecondStep } from '../../api/heldSignIn.ts';
import { tokens } from '../../api/tokens.ts';
import { rateLimitText } from '../../forms/formErrors.ts';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { FORM_ERROR, useZodForm } from '../../forms/useZodForm.ts';
import { i18n } from '../../i18n/i18n.ts';
import { returnPathFrom } from '../../shared/returnPath.ts';
import { AuthCard } from './AuthCard.tsx';
import { secondStepFormSchema } from './authForms.ts';
import { FormAlert } from './FormAlert.tsx';
import { deliveryOfState, type LoginNotice, nextLoginState } from './loginState.ts';
import { secondStepReaction } from './secondStep.ts';

const FIELDS = ['code'] as const;

/** A refusal that is not about the code (a rate limit, the network): one sentence above the form. */
function messageOf(error: unknown) {
  if (!(error instanceof ApiError)) return { form: i18n.t('errors.general_error'), fields: {} };
  return { form: error.status === 429 ? rateLimitText(error) : apiErrorText(error), fields: {} };
}

/**
 * /login/authentication: the 6-digit code of the second sign-in step (202), with where it was sent. A wrong code
 * can be corrected; an expired code, too many wrong ones or an ended sign-in send the user back to /login with
 * the reason. A new code comes from signing in again. Without a pending sign-in this page is /login.
 */
export function SecondStepPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const secondStep = useSecondStep();
  const form = useZodForm(secondStepFormSchema, {
    defaultValues: { code: '' },
    message: (error) =>
      error.rule === 'format' ? t('secondStep.codeFormat', { length: TWO_STEP_CODE_LENGTH }) : undefined,
  });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, errorsOf: messageOf });
  const [wrongCodes, setWrongCodes] = useState(0);
  const delivery = deliveryOfState(location.state);
  // Read once: the page itself ends the held sign-in before leaving, and must not then redirect on its own.
  const [held] = useState(() => tokens.temp() !== null);

  // The code is the only thing to do here: the field has the focus from the start.
  useEffect(() => {
    if (held) form.setFocus('code');
  }, [held, form.setFocus]);

  if (!held) return <Navigate to="/login" replace state={nextLoginState(location.state)} />;

  const restart = (notice: LoginNotice) => {
    abandonHeldSignIn();
    void navigate('/login', { replace: true, state: nextLoginState(location.state, { notice }) });
  };

  // The refused code is selected, so typing the next one replaces it.
  const selectCode = () => form.setFocus('code', { shouldSelect: true });

  const onSubmit = form.handleSubmit(
    ({ code }) =>
      secondStep.mutate(code, {
        onSuccess: (outcome) => {
          if (outcome.kind === 'signed_in') {
            void navigate(returnPathFrom(location.state), { replace: true });
          } else if (outcome.kind === 'device_limit') {
            // The limit is reached after all: the device list is a screen of /login.
            void navigate('/login', {
              replace: true,
              state: nextLoginState(location.state, { deviceLimit: outcome }),
            });
          } else {
            form.setError(FORM_ERROR, { type: 'server', message: t('errors.login_failed') });
          }
        },
        onError: (error) => {
          const reaction = secondStepReaction(error, wrongCodes);
          if (reaction.kind === 'restart') {
            restart(reaction.notice);
          } else if (reaction.kind === 'retry') {
            setWrongCodes(reaction.wrongCodes);
            form.setError('code', {
              type: 'server',
              message: t('secondStep.invalid', { left: TWO_STEP_MAX_ATTEMPTS - reaction.wrongCodes }),
            });
            selectCode();
          } else {
            showRefusal(error);
          }
        },
      }),
    selectCode,
  );

  const minutes = Math.round(TWO_STEP_CODE_TTL_MS / 60_000);
  return (
    <AuthCard title={t('screens.login_authentication')}>
      <Stack gap="md">
        <Stack gap={6} data-testid="code-delivery">
          <Text size="sm">
            {delivery ? t('secondStep.sentTo', { length: TWO_STEP_CODE_LENGTH }) : t('secondStep.sentToUnknown')}
          </Text>
          {delivery ? (
            <List spacing={4} size="sm" center>
              {delivery.includes('mail') ? (
                <List.Item icon={<IconMail size={18} aria-hidden />} data-testid="delivery-mail">
                  {t('secondStep.byMail')}
                </List.Item>
              ) : null}
              {delivery.includes('sms') ? (
                <List.Item icon={<IconDeviceMobileMessage size={18} aria-hidden />} data-testid="delivery-sms">
                  {t('secondStep.bySms')}
                </List.Item>
              ) : null}
            </List>
          ) : null}
          <Text size="sm" c="gray.7">
            {t('secondStep.validFor', { minutes })}
          </Text>
        </Stack>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('secondStep.formLabel')}>
          <Stack gap="md">
            <FormAlert message={form.formError} testId="second-step-error" />
            <TextInput
              {...form.field('code')}
              label={t('fields.code')}
              description={t('secondStep.codeHint', { length: TWO_STEP_CODE_LENGTH })}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={TWO_STEP_CODE_LENGTH * 2}
              withAsterisk
              aria-required
              errorProps={{ 'data-testid': 'code-error' }}
              size="lg"
              styles={{ input: { letterSpacing: '0.35em', textAlign: 'center', fontWeight: 600 } }}
            />
            <Button type="submit" size="md" fullWidth loading={secondStep.isPending}>
              {t('secondStep.submit')}
            </Button>
          </Stack>
        </form>
        <Group justify="center" gap={6}>
          <Text size="sm" c="gray.7">
            {t('secondStep.noCode')}
          </Text>
          <Anchor
            component={Link}
            to="/login"
            size="sm"
            state={nextLoginState(location.state, { notice: 'new_code' })}
            onClick={() => abandonHeldSignIn()}
            data-testid="resend-code"
          >
            {t('secondStep.signInAgain')}
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}

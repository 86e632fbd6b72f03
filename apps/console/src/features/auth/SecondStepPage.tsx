import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/apiError.ts';
import { useSecondStep } from '../../api/auth.ts';
import { apiErrorText, fieldErrorText } from '../../api/errorText.ts';
import { tokens } from '../../api/tokens.ts';
import { returnPathFrom } from '../../app/guards/returnPath.ts';
import { AuthCard } from './AuthCard.tsx';

/** /login/authentication: the code of the second sign-in step (202). Without a pending sign-in it is /login. */
export function SecondStepPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const secondStep = useSecondStep();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  if (!tokens.temp()) return <Navigate to="/login" replace state={location.state} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldError(fieldErrorText({ field: 'code', rule: 'required', message: '' }));
      return;
    }
    setFieldError(undefined);
    setFormError(undefined);
    secondStep.mutate(code, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'signed_in') void navigate(returnPathFrom(location.state), { replace: true });
        else setFormError(t('secondStep.failed'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) setFormError(t('secondStep.unavailable'));
        else if (error instanceof ApiError && error.status === 400) setFormError(t('secondStep.failed'));
        else setFormError(error instanceof ApiError ? apiErrorText(error) : t('errors.general_error'));
      },
    });
  };

  return (
    <AuthCard title={t('screens.login_authentication')} description={t('secondStep.lead')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('secondStep.formLabel')}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput
            name="code"
            label={t('fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            withAsterisk
            aria-required
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={secondStep.isPending}>
            {t('secondStep.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center" onClick={() => tokens.clearTemporary()}>
            {t('secondStep.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

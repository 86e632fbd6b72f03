import { useTranslation } from 'react-i18next';
import { resendActivation } from '../../api/account.ts';
import { EmailRequestForm } from './EmailRequestForm.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { useEmailRequest } from './useEmailRequest.ts';

/** Asks for a new activation mail. The answer is the same for any address, and so is the sentence. */
export function ResendActivationForm() {
  const { t } = useTranslation();
  const request = useEmailRequest(resendActivation);
  return (
    <EmailRequestForm
      request={request}
      label={t('activation.resendFormLabel')}
      submitLabel={t('activation.resend')}
      errorTestId="resend-error"
    >
      <LiveStatus
        message={request.sentTo ? t('activation.resent', { email: request.sentTo }) : undefined}
        testId="resend-sent"
      />
    </EmailRequestForm>
  );
}

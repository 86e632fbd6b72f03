import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVideoSharingCallback, videoSharingReturnPath } from '../../../api/videoSharing.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { reasonText } from './videoSiteText.ts';

/**
 * /youtube/callback: where the video site sends the browser back after its consent page, with `code` and `state`
 * (or `error=access_denied`). The code goes to the server once, with the caller's own session: the state must be
 * the one the server made for this user. Then back to where the dealer started (the vehicle's detail page).
 */
export function YoutubeCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const callback = useVideoSharingCallback();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error') !== null;
  // Back to the vehicle the dealer connected from, as they expect after the service's page.
  const [back] = useState(videoSharingReturnPath);

  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    callback.mutate({ code, state });
  }, [code, state, callback]);

  const failure = callback.error as { params?: { reason?: unknown } } | null;
  return (
    <Stack maw={560} mx="auto" py="xl" gap="md" data-testid="youtube-callback">
      {denied || (!code && !callback.isPending) ? (
        <Alert color="blue">{t('videoSharing.callbackDenied')}</Alert>
      ) : callback.isSuccess ? (
        <Alert color="teal" data-testid="youtube-callback-done">
          {t('videoSharing.callbackDone')}
          {callback.data.channel ? <Text fw={600}>{callback.data.channel.title}</Text> : null}
        </Alert>
      ) : callback.isError ? (
        <Alert color="red">{reasonText(failure?.params?.reason) ?? t('videoSharing.callbackFailed')}</Alert>
      ) : (
        <Stack align="center">
          <Loader aria-label={t('videoSharing.callbackWorking')} />
          <Text>{t('videoSharing.callbackWorking')}</Text>
        </Stack>
      )}
      {back ? (
        <LinkButton to={back} testId="youtube-callback-back">
          {t('videoSharing.backToVehicle')}
        </LinkButton>
      ) : (
        <LinkButton to="/top" variant="default">
          {t('videoSharing.backToConsole')}
        </LinkButton>
      )}
    </Stack>
  );
}

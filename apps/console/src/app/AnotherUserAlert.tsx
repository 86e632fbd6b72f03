import { Button, Group, Modal, Text } from '@mantine/core';
import { MODAL_ANIMATION_MS } from '@spinyard/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { sessionCache } from '../api/sessionCache.ts';
import { tokens } from '../api/tokens.ts';
import { reactionToTokenChange, touchesSession } from './tokenChange.ts';

/** How long a burst of storage events from another tab may take before this tab judges the result. */
const SETTLE_MS = 150;

/** This tab's copies of the old user's data (profile, lists) must not survive into the next session. */
function forgetThisTabsSession(): void {
  sessionCache.clear();
  queryClient.clear();
}

/**
 * "Logged in as another user" (first document, section 4): another tab of this browser signed in, so this
 * tab's screens belong to someone who is no longer the stored user. A sign-out elsewhere ends this tab too.
 */
export function AnotherUserAlert() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // The token this tab's screens were opened with: what the stored one is compared with.
  const tabToken = useRef(tokens.access());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const judge = () => {
      const reaction = reactionToTokenChange(tabToken.current, tokens.access());
      if (reaction === 'signed_out') {
        forgetThisTabsSession();
        void navigate('/login', { replace: true });
      } else if (reaction === 'another_user') {
        setOpened(true);
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
      if (!touchesSession(event.key)) return;
      // Another tab's sign-in can come as several events in a row: judge once they have all arrived.
      clearTimeout(timer);
      timer = setTimeout(judge, SETTLE_MS);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate]);

  const acknowledge = () => {
    setOpened(false);
    forgetThisTabsSession();
    // The state keeps the login form on screen although the other user's token is stored (see LoginPage).
    void navigate('/login', { replace: true, state: { anotherUser: true } });
  };

  return (
    <Modal
      opened={opened}
      onClose={acknowledge}
      title={t('anotherUser.title')}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      transitionProps={{ duration: MODAL_ANIMATION_MS }}
    >
      <div data-testid="another-user-alert">
        <Text size="sm" mb="lg">
          {t('anotherUser.body')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={acknowledge} data-autofocus>
            {t('common.ok')}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}

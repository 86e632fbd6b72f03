import { Button, Text, Tooltip } from '@mantine/core';
import { canSeeMailHistory } from '@spinyard/domain';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserActor } from '../users/useUserActor.ts';
import { SendMovieMailDialog } from './SendMovieMailDialog.tsx';

/**
 * "Mail the video" on a vehicle (issue 20): opens the movie mail's dialog. Shown only where the domain has
 * option_data (the mail history's condition, which the server holds every `/send_mail` call to); greyed out with
 * the reason while the vehicle has no finished promo film.
 */
export function SendMovieMailButton({ contentId, hasMovie }: { contentId: string; hasMovie: boolean }) {
  const { t } = useTranslation();
  const actor = useUserActor();
  const [opened, setOpened] = useState(false);
  if (!actor || !canSeeMailHistory(actor).ok) return null;
  const button = (
    <Button
      variant="default"
      leftSection={<IconMailForward size={16} aria-hidden />}
      disabled={!hasMovie}
      onClick={() => setOpened(true)}
      aria-describedby={hasMovie ? undefined : 'movie-mail-no-movie'}
      data-testid="movie-mail-open"
    >
      {t('movieMail.open')}
    </Button>
  );
  return (
    <>
      {hasMovie ? (
        button
      ) : (
        <Tooltip label={t('movieMail.noMovie')} withArrow>
          <span>{button}</span>
        </Tooltip>
      )}
      {hasMovie ? null : (
        <Text id="movie-mail-no-movie" hidden>
          {t('movieMail.noMovie')}
        </Text>
      )}
      {opened ? <SendMovieMailDialog contentId={contentId} opened={opened} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconLock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useContent } from '../../../api/contentDetail.ts';
import { useContentProgress } from '../../../api/contentProgress.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { formatDateTime } from '../../../components/formatDateTime.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { VehicleLinkCard } from '../../listing/VehicleLinkCard.tsx';
import { VideoSiteCard } from '../../media/video-site/VideoSiteCard.tsx';
import { SendMovieMailButton } from '../../movie-mail/SendMovieMailButton.tsx';
import { ContentVideosCard } from '../../movies/content-videos/ContentVideosCard.tsx';
import { useUserActor } from '../../users/useUserActor.ts';
import { ContentActionsMenu } from '../actions/ContentActionsMenu.tsx';
import { contentName } from '../actions/contentText.ts';
import { PublicationBadge } from '../list/ContentBits.tsx';
import { editLockText } from '../wizard/contentText.ts';
import { editLockOf } from '../wizard/editLock.ts';
import { ContentMissing } from './ContentMissing.tsx';
import { DetailSections } from './DetailSections.tsx';
import { MediaCard } from './MediaCard.tsx';
import { PendingChangesCard } from './PendingChangesCard.tsx';
import { ProcessesCard } from './ProcessesCard.tsx';
import { TurnCheckCard } from './TurnCheckCard.tsx';
import { UrlsCard } from './UrlsCard.tsx';

/**
 * /contents/detail/{CarId} (breadcrumbs back to the list come from the layout): the vehicle's state and actions,
 * its running processes moving live, where buyers see it once published, and every field as the wizard groups
 * them. Edit is greyed out with the reason while the server would refuse it.
 */
export function ContentDetailPage() {
  const { t, i18n } = useTranslation();
  const { carId } = useParams();
  const content = useContent(carId);
  const actor = useUserActor();
  useContentProgress();

  if (content.isPending || !actor) return <CenteredLoader py={64} />;
  const c = content.data;
  if (!c) return <ContentMissing />;
  const lock = editLockOf(c);
  const name = contentName(c);

  return (
    <Stack gap="lg" maw={1100} mx="auto" data-testid="content-detail">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="detail-title">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6} miw={0} style={{ flex: '1 1 260px' }}>
            <Title order={2} size="h3" id="detail-title" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Group gap="xs">
              <PublicationBadge state={c.publication} />
              {c.vr_mode ? (
                <Badge variant="light" color="grape">
                  {t('contentsDetail.vrMode')}
                </Badge>
              ) : null}
              <Badge variant="outline" color="gray.7">
                {t(`contentsDetail.style.${c.contents_style}`)}
              </Badge>
            </Group>
            <Text size="xs" c="gray.7">
              {t('contentsDetail.dates', {
                created: formatDateTime(c.created_at, i18n.language),
                updated: formatDateTime(c.updated_at, i18n.language),
              })}
            </Text>
          </Stack>
          <Group gap="sm">
            {lock ? (
              <ActionButton icon={IconLock} disabled aria-describedby="detail-edit-locked" testId="detail-edit">
                {t('contentsDetail.edit')}
              </ActionButton>
            ) : (
              <LinkButton to={`/contents/edit/${encodeURIComponent(c.id)}`} icon={IconEdit} testId="detail-edit">
                {t('contentsDetail.edit')}
              </LinkButton>
            )}
            <LinkButton
              to={`/contents/annotations/${encodeURIComponent(c.id)}`}
              icon={IconMapPin}
              variant="default"
              testId="detail-annotations"
            >
              {t('contentsDetail.annotations')}
            </LinkButton>
            <SendMovieMailButton contentId={c.id} hasMovie={c.urls.contents_movie_url !== null} />
            <ContentActionsMenu content={c} actor={actor} testId="detail-actions" />
          </Group>
        </Group>
        {lock ? (
          <Text size="sm" c="gray.8" mt="sm" id="detail-edit-locked" data-testid="detail-edit-locked">
            {editLockText(lock)}
          </Text>
        ) : null}
      </Card>
      {c.has_exterior ? <TurnCheckCard content={c} /> : null}
      <PendingChangesCard contentId={c.id} name={name} locked={lock !== null} />
      <ProcessesCard processes={c.processes} />
      <MediaCard content={c} />
      <UrlsCard content={c} />
      <ContentVideosCard content={c} />
      <VideoSiteCard contentId={c.id} title={name} readOnly={lock !== null} />
      {actor.csJoined ? <VehicleLinkCard contentId={c.id} /> : null}
      <DetailSections content={c} locked={lock !== null} />
    </Stack>
  );
}

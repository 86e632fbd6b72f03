import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContentsLimit, useContentsStyle, useCreateContent, useSaveInspection } from '../../../api/contentDetail.ts';
import { notifyError, notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ContentWizard, type SaveRefusal } from './ContentWizard.tsx';
import { type ContentFormOutput, EMPTY_CONTENT_FORM, hasInspection } from './contentForm.ts';
import { MEDIA_TABS } from './wizardTabs.ts';

/**
 * /contents/add: first asks whether one more vehicle fits under the limits (and says which limit stops it),
 * then the wizard; saving creates the vehicle, then sends the inspector's input if any, and goes on in the saved
 * vehicle's wizard at its first media step.
 */
export function ContentAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const limit = useContentsLimit();
  const style = useContentsStyle();
  const create = useCreateContent();
  const inspect = useSaveInspection();

  if (limit.isPending || style.isPending) return <CenteredLoader py={64} />;
  if (limit.data && !limit.data.can_add) {
    return (
      <Stack gap="lg" maw={720} mx="auto">
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="content-limit-reached">
          {t(`contentsWizard.limit.${limit.data.limited_by ?? 'user'}`, {
            limit: limit.data.limit ?? 0,
            count: limit.data.count,
          })}{' '}
          {t('errors.vehicle_limit_reached')}
        </Alert>
        <LinkButton to="/contents/list" variant="default">
          {t('contentsWizard.backToList')}
        </LinkButton>
      </Stack>
    );
  }

  const save = async ({ body, inspection }: ContentFormOutput): Promise<SaveRefusal | null> => {
    let id: string;
    try {
      id = (await create.mutateAsync(body)).id;
    } catch (error) {
      return { error, prefix: '' };
    }
    if (hasInspection(inspection)) {
      try {
        await inspect.mutateAsync({ id, inspection });
      } catch {
        // The vehicle exists: saving again here would register it twice, so its edit page takes the inspection.
        notifyError(t('contentsWizard.inspectionNotSaved'));
        void navigate(`/contents/edit/${encodeURIComponent(id)}`);
        return null;
      }
    }
    notifySuccess(t('contentsWizard.created', { id: body.management_id }));
    // A dealer registers a vehicle to add its pictures: the wizard goes on with the saved vehicle at its first
    // media step, where uploads now work (docs/decisions.md, "The vehicle wizard after registering").
    void navigate(`/contents/edit/${encodeURIComponent(id)}?tab=${MEDIA_TABS[0] ?? 'exterior'}`, { replace: true });
    return null;
  };

  return (
    <ContentWizard
      mode="add"
      contentId={null}
      style={style.data ?? 'car'}
      initial={EMPTY_CONTENT_FORM}
      passwordSet={false}
      lock={null}
      onSave={save}
    />
  );
}

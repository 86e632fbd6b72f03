import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useContent, useSaveInspection, useUpdateContent } from '../../../api/contentDetail.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { ContentMissing } from '../detail/ContentMissing.tsx';
import { ContentWizard, type SaveRefusal } from './ContentWizard.tsx';
import { type ContentFormOutput, formOfContent, inspectionChanged } from './contentForm.ts';
import { editLockOf } from './editLock.ts';
import { savedMediaOf, WIZARD_TABS, type WizardTab } from './wizardTabs.ts';

const tabParam = (value: string | null): WizardTab | undefined => WIZARD_TABS.find((tab) => tab === value);

/**
 * /contents/edit/{CarId}: the stored vehicle in the wizard, every tab open; read-only with the reason while a
 * listing link or a running process forbids editing (the server refuses the same). Saving sends the vehicle,
 * then the inspection when it changed.
 */
export function ContentEditPage() {
  const { t } = useTranslation();
  const { carId } = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const content = useContent(carId);
  const update = useUpdateContent();
  const inspect = useSaveInspection();

  if (content.isPending) return <CenteredLoader py={64} />;
  const c = content.data;
  if (!c) return <ContentMissing />;

  const save = async ({ body, inspection }: ContentFormOutput): Promise<SaveRefusal | null> => {
    try {
      await update.mutateAsync({ id: c.id, body });
    } catch (error) {
      return { error, prefix: '' };
    }
    if (inspectionChanged(inspection, c.inspection)) {
      try {
        await inspect.mutateAsync({ id: c.id, inspection });
      } catch (error) {
        return { error, prefix: 'inspection.' };
      }
    }
    notifySuccess(t('contentsWizard.saved', { id: body.management_id }));
    void navigate(`/contents/detail/${encodeURIComponent(c.id)}`);
    return null;
  };

  const initial = formOfContent(c);
  return (
    <ContentWizard
      // A new form only when the stored fields changed (a save, another tab's edit): a media change also touches
      // the vehicle (its flags, its thumbnail) and must not throw away the tab the dealer is working in.
      key={JSON.stringify(initial)}
      mode="edit"
      contentId={c.id}
      initialTab={tabParam(searchParams.get('tab'))}
      style={c.contents_style}
      initial={initial}
      passwordSet={c.limited_password_set}
      lock={editLockOf(c)}
      savedMedia={savedMediaOf(c)}
      onSave={save}
    />
  );
}

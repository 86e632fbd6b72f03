import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify.ts';
import { type Refusal, refusalOf } from '../../../components/refusal.ts';

/**
 * What PictureUpload does with a picture chosen or removed: send it, say so with the picture's name, and hand a
 * refused upload back to be shown beside the picture (a refused removal gets the client's usual notice).
 */
export function usePictureActions(
  label: string,
  send: { upload: (dataUrl: string, fileName: string) => Promise<unknown>; remove: () => Promise<unknown> },
) {
  const { t } = useTranslation();
  return {
    onUpload: async (dataUrl: string, fileName: string): Promise<Refusal | undefined> => {
      try {
        await send.upload(dataUrl, fileName);
        notifySuccess(t('domains.images.uploaded', { name: label }));
        return undefined;
      } catch (error) {
        return refusalOf(error);
      }
    },
    onRemove: async (): Promise<boolean> => {
      try {
        await send.remove();
        notifySuccess(t('domains.images.removed', { name: label }));
        return true;
      } catch (error) {
        refusalOf(error);
        return false;
      }
    },
  };
}

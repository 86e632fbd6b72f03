import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify.ts';
import { fetchHostLink, fetchInviteeLink } from '../../api/webNegotiation.ts';
import { refusalOf } from '../../components/refusal.ts';

/**
 * The links to the call the screens hand out: the host's (copied, or opened to start the call) and an invitee's
 * (copied). Each ask makes a new link, so nothing is fetched before the click.
 */
export function useMeetingLinks() {
  const { t } = useTranslation();
  const copy = async (load: () => Promise<{ url: string }>, done: string) => {
    try {
      const { url } = await load();
      await navigator.clipboard.writeText(url);
      notifySuccess(done);
    } catch (error) {
      refusalOf(error);
    }
  };
  return {
    copyHostLink: (id: string) => copy(() => fetchHostLink(id), t('webNegotiation.hostLinkCopied')),
    copyInviteeLink: (id: string, inviteeId: string) =>
      copy(() => fetchInviteeLink({ id, inviteeId }), t('webNegotiation.guestLinkCopied')),
    /** The call in a new tab, opened at the click so no pop-up blocker stops it, then sent to the new link. */
    startCall: async (id: string) => {
      const tab = window.open('', '_blank');
      try {
        const { url } = await fetchHostLink(id);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        tab?.close();
        refusalOf(error);
      }
    },
  };
}

import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify.ts';
import { fetchHostLink, fetchInviteeLink } from '../../api/webNegotiation.ts';
import { refusalOf } from '../../components/refusal.ts';

/**
 * The links to the call the screens hand out: the host's (copied, or opened to start the call) and an invitee's
 * (copied). The server hands out the same link on every ask (kept sealed); nothing is fetched before the click, so
 * a link is never read by a screen that does not need it.
 */
/**
 * Copies a text still being fetched. Safari lets a page write the clipboard only inside the click, so the write
 * starts at the click with the text as a promise (ClipboardItem); browsers without it write once the text came.
 */
async function copyLater(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
    const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch (error) {
      // A refusal of the fetch is the caller's to show; a browser that takes no promise falls back below.
      await text;
      if (!(error instanceof DOMException)) throw error;
    }
  }
  await navigator.clipboard.writeText(await text);
}

export function useMeetingLinks() {
  const { t } = useTranslation();
  const copy = async (load: () => Promise<{ url: string }>, done: string) => {
    try {
      await copyLater(load().then(({ url }) => url));
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

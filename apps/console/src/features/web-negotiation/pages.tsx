import { useCurrentScreenId } from '../../shared/currentScreen.ts';
import { WebNegotiationDetailPage } from './WebNegotiationDetailPage.tsx';
import { WebNegotiationAddPage, WebNegotiationEditPage } from './WebNegotiationEditPages.tsx';
import { WebNegotiationListPage } from './WebNegotiationListPage.tsx';

const SCREENS = {
  web_negotiation_list: WebNegotiationListPage,
  web_negotiation_add: WebNegotiationAddPage,
  web_negotiation_edit: WebNegotiationEditPage,
  web_negotiation_detail: WebNegotiationDetailPage,
} as const;

/**
 * The web negotiation screens (issue 21), loaded together on the first one opened (they share the form, the states
 * and the link actions): the route's screen id picks the page.
 */
export function WebNegotiationScreen() {
  const id = useCurrentScreenId();
  const Page = SCREENS[id as keyof typeof SCREENS] ?? WebNegotiationListPage;
  return <Page />;
}

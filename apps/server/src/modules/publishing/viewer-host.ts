import { hostNameOf } from '../auth/host-rule.ts';

/**
 * Which vehicles a host shows buyers (docs/decisions.md, "The viewer's hosts"), the sign-in host rule's twin: a
 * tenant's host (a registered domain's, a deleting one's included) is that tenant's own site, so it shows only its
 * vehicles; any other vehicle's short id is not found there, exactly as an unknown one. The hosts every short URL
 * may be made on (the product's host, the host of `SPINYARD_PUBLIC_URL`) and any host that is no tenant's (an
 * address, localhost, a load balancer's name) show every tenant's vehicles, as the short URLs made there promise.
 */
export interface SharedHosts {
  /** SPINYARD_PRODUCT_HOST. */
  productHost: string;
  /** SPINYARD_PUBLIC_URL, whose host the short URLs are made on when it is set. */
  publicUrl: string | undefined;
}

function hostOfUrl(url: string | undefined): string {
  if (!url) return '';
  try {
    return hostNameOf(new URL(url).host);
  } catch {
    return '';
  }
}

/**
 * The host whose tenant, if it is one's, the request is bound to (lower case, the domain looked up with the
 * publication: publicationsRepo.viewerRow), or null when the host shows every tenant's vehicles.
 */
export function tenantHostOf(requestHost: string | undefined, shared: SharedHosts): string | null {
  const host = hostNameOf(requestHost);
  if (host === '' || host === hostNameOf(shared.productHost) || host === hostOfUrl(shared.publicUrl)) return null;
  return host;
}

import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { authRepo } from './repo.ts';

/**
 * Who may sign in on which host (docs/decisions.md, "Sign-in host"). A tenant's host is that tenant's own
 * console: its logo, name and options. Only the tenant's own users sign in there; anyone else, master included,
 * is refused after the right password (so a guesser learns nothing). The product's host and any host that is no
 * tenant's (localhost, an address, a load balancer's name) show the product's own branding, so every user may
 * sign in there, as before.
 */

/** The bare host name of a Host header: lower case, without port or trailing dot. */
export function hostNameOf(value: string | undefined): string {
  const host = (value ?? '').trim().toLowerCase();
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return bare.replace(/\.$/, '');
}

export interface SignInHostInput {
  /** The host the sign-in was sent to (the request's Host). */
  requestHost: string | undefined;
  /** The host of the domain the user belongs to. */
  userDomainHost: string;
  /** SPINYARD_PRODUCT_HOST: the product's own domain. */
  productHost: string;
  /** Whether the request's host is a registered domain's host (any tenant's, deleting ones included). */
  isTenantHost: (host: string) => Promise<boolean>;
}

/** True when the user may sign in on the host the request was sent to. */
export async function maySignInOnHost(input: SignInHostInput): Promise<boolean> {
  const host = hostNameOf(input.requestHost);
  if (host === '' || host === hostNameOf(input.userDomainHost) || host === hostNameOf(input.productHost)) return true;
  return !(await input.isTenantHost(host));
}

/** Refuses the sign-in with `login_host_not_allowed` (403) when the rule above says no. */
export async function checkSignInHost(db: Db, input: Omit<SignInHostInput, 'isTenantHost'>): Promise<void> {
  const allowed = await maySignInOnHost({
    ...input,
    isTenantHost: (host) => authRepo(db).isDomainHost(host),
  });
  if (!allowed) throw new AppError('login_host_not_allowed');
}

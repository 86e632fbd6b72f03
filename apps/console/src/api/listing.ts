import type {
  CsAccountAnswer,
  CsAutojoinAnswer,
  CsClientInfo,
  CsContentsAnswer,
  CsLatestAnswer,
  CsLinkAnswer,
  CsLoginBody,
  CsReportAnswer,
} from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { contentKeys } from './contents.ts';

/**
 * The listing-site link (content API `/cs/...`, `/users/cs_autojoin`): the dealer's partner account for
 * /account-link and the top bar, the link figures, and a vehicle's link with its link and unlink. Writes are silent:
 * each screen shows the refusal where it happened.
 */

const CS = `${CONTENT_API_BASE}/cs`;

export const listingKeys = {
  all: ['listing'] as const,
  account: ['listing', 'account'] as const,
  clientInfo: ['listing', 'client-info'] as const,
  latest: ['listing', 'latest'] as const,
  vehicle: (id: string) => ['listing', 'vehicle', id] as const,
};

async function send<T>(path: string, json?: unknown): Promise<T> {
  return (await apiRequest<T>(path, { method: 'POST', ...(json === undefined ? {} : { json }), errors: 'silent' }))
    .data;
}

export function useListingAccount(enabled = true) {
  return useQuery({
    queryKey: listingKeys.account,
    queryFn: () => apiGet<CsAccountAnswer>(`${CS}/account`),
    enabled,
  });
}

/** The partner's client info: answered (200) means signed in. Asked only for a joined user; a refusal is no error. */
export function useListingClientInfo(joined: boolean) {
  return useQuery({
    queryKey: listingKeys.clientInfo,
    queryFn: () => apiGet<CsClientInfo>(`${CS}/client-info`, { errors: 'silent' }),
    enabled: joined,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * The link figures, asked again every few seconds while links remain to be made, and now and then while the
 * automatic link is on (`following`): turning it on answers before its job has queued the vehicles.
 */
export function useListingLatest(enabled: boolean, following = false) {
  return useQuery({
    queryKey: listingKeys.latest,
    queryFn: () => apiGet<CsLatestAnswer>(`${CS}/latest`),
    enabled,
    refetchInterval: (query) => {
      if ((query.state.data?.counts.remaining ?? 0) > 0) return 5_000;
      return following ? 15_000 : false;
    },
  });
}

/** The partner's views and inquiries per day of a period (at most a year; the page checks it first). */
export function useListingReport(period: { from: string; to: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['listing', 'report', period.from, period.to],
    queryFn: () =>
      apiGet<CsReportAnswer>(`${CS}/report/aggregate?${new URLSearchParams(period).toString()}`, { errors: 'silent' }),
    enabled,
  });
}

/**
 * A vehicle's link, asked again every few seconds while its job is on the way (waiting or linking). The vehicle list
 * asks it only for a row in error, whose coarse state does not say which error.
 */
export function useVehicleLink(contentId: string, enabled = true) {
  return useQuery({
    queryKey: listingKeys.vehicle(contentId),
    queryFn: () => apiGet<CsLinkAnswer>(`${CS}/contents/${encodeURIComponent(contentId)}`),
    refetchInterval: (query) => (OPEN_STATES.includes(query.state.data?.state ?? 'not_linked') ? 2000 : false),
    enabled,
  });
}

const OPEN_STATES: readonly string[] = ['waiting', 'linking'];

/** After any change every listing query is asked again (account, status, figures, the vehicles' links). */
function useListingWrite<I, T>(call: (input: I) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The vehicles too: a link changes what their pages allow (a linked vehicle cannot be edited).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: listingKeys.all }),
        client.invalidateQueries({ queryKey: contentKeys.all }),
      ]),
  });
}

export const useListingLogin = () => useListingWrite((body: CsLoginBody) => send<CsAccountAnswer>(`${CS}/login`, body));
export const useListingLogout = () => useListingWrite(() => send<CsAccountAnswer>(`${CS}/logout`));
export const useListingAutojoin = () =>
  useListingWrite((on: boolean) =>
    send<CsAutojoinAnswer>(`${CONTENT_API_BASE}/users/cs_autojoin`, { cs_autojoin: on }),
  );
/** Links or unlinks vehicles: one from its page or its list row, or the list's ticked ones (all or nothing). */
export const useVehicleLinkChange = () =>
  useListingWrite(({ contentIds, link }: { contentIds: readonly string[]; link: boolean }) =>
    send<CsContentsAnswer>(`${CS}/contents/${link ? 'register' : 'unregister'}`, { content_ids: contentIds }),
  );

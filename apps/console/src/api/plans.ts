import type { PageOf, PageSize, PlanAnswer, PlanInput, PlanListQuery, PlanUpdate } from '@spinyard/domain';
import { apiGet, apiRequest } from './client.ts';
import { useListQuery } from './listQuery.ts';
import { useRecordQuery } from './recordQuery.ts';
import { useRefetchingWrite } from './writes.ts';

/**
 * The master's plan calls (`/v1/plans`, `/v1/plan/{id}`, apps/server/src/modules/plans/routes.ts). Reads notify
 * failures through the client as usual; writes are silent so the forms put refusals beside their fields.
 */

export type { PlanAnswer, PlanInput, PlanUpdate } from '@spinyard/domain';

export interface PlanListParams {
  page: number;
  limit: PageSize;
  q: string;
}

const seg = encodeURIComponent;

export const planKeys = {
  all: ['plans'] as const,
  list: (query: PlanListParams) => ['plans', 'list', query] as const,
  byId: (id: string) => ['plans', 'id', id] as const,
};

export function fetchPlans(query: PlanListParams): Promise<PageOf<PlanAnswer>> {
  const q = query.q.trim();
  const params: Partial<Record<keyof PlanListQuery, string | number>> = { page: query.page, limit: query.limit };
  if (q !== '') params.q = q;
  return apiGet<PageOf<PlanAnswer>>('/v1/plans', { query: params });
}

export function fetchPlan(id: string): Promise<PlanAnswer> {
  return apiGet<PlanAnswer>(`/v1/plan/${seg(id)}`);
}

export async function createPlan(body: PlanInput): Promise<PlanAnswer> {
  return (await apiRequest<PlanAnswer>('/v1/plans', { method: 'POST', json: body, errors: 'silent' })).data;
}

export async function updatePlan({ id, body }: { id: string; body: PlanUpdate }): Promise<PlanAnswer> {
  return (await apiRequest<PlanAnswer>(`/v1/plan/${seg(id)}`, { method: 'POST', json: body, errors: 'silent' })).data;
}

export async function deletePlan(id: string): Promise<PlanAnswer> {
  return (await apiRequest<PlanAnswer>(`/v1/plan/${seg(id)}`, { method: 'DELETE', errors: 'silent' })).data;
}

export function usePlanList(query: PlanListParams) {
  return useListQuery(planKeys.list(query), () => fetchPlans(query), { staleTime: 10_000 });
}

export function usePlan(id: string | undefined) {
  return useRecordQuery(id, planKeys.byId, fetchPlan, { staleTime: 0 });
}

// Every write changes what the list shows (subscriber counts aside): all plan reads are refetched.
export function useCreatePlan() {
  return useRefetchingWrite(planKeys.all, createPlan);
}

export function useUpdatePlan() {
  return useRefetchingWrite(planKeys.all, updatePlan);
}

export function useDeletePlan() {
  return useRefetchingWrite(planKeys.all, deletePlan);
}

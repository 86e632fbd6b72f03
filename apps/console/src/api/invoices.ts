import type { CustomerAnswer, InvoiceSummary, Locale, PageOf, PageSize } from '@spinyard/domain';
import { saveBlob } from '../lib/saveBlob.ts';
import { apiGet, apiRequest } from './client.ts';
import { useListQuery } from './listQuery.ts';

/** The invoice list's filters: months as YYYY-MM (both included), and for master one customer. */
export interface InvoiceListParams {
  page: number;
  limit: PageSize;
  from?: string | undefined;
  to?: string | undefined;
  userId?: string | undefined;
}

export interface CustomerListParams {
  page: number;
  limit: PageSize;
  q?: string | undefined;
  overdue?: boolean | undefined;
}

function invoiceQuery(p: Omit<InvoiceListParams, 'page' | 'limit'>): Record<string, string> {
  return {
    ...(p.from ? { from: p.from } : {}),
    ...(p.to ? { to: p.to } : {}),
    ...(p.userId ? { user_id: p.userId } : {}),
  };
}

export const invoiceKeys = {
  list: (p: InvoiceListParams) => ['invoices', 'list', p] as const,
  customers: (p: CustomerListParams) => ['invoices', 'customers', p] as const,
};

/** `GET /v1/invoice`: the caller's invoices (master: every customer's, or one's). */
export function useInvoiceList(params: InvoiceListParams, enabled = true) {
  return useListQuery(
    invoiceKeys.list(params),
    () =>
      apiGet<PageOf<InvoiceSummary>>('/v1/invoice', {
        query: { page: params.page, limit: params.limit, ...invoiceQuery(params) },
      }),
    { staleTime: 30_000, enabled },
  );
}

/** `GET /v1/customers` (master): those behind on payment first. */
export function useCustomerList(params: CustomerListParams, enabled = true) {
  return useListQuery(
    invoiceKeys.customers(params),
    () =>
      apiGet<PageOf<CustomerAnswer>>('/v1/customers', {
        query: {
          page: params.page,
          limit: params.limit,
          ...(params.q ? { q: params.q } : {}),
          ...(params.overdue ? { overdue: 'true' } : {}),
        },
      }),
    { staleTime: 30_000, enabled },
  );
}

/** `GET /v1/invoice/{id}/pdf` in the console's language, saved as a file. */
export async function downloadInvoicePdf(invoice: Pick<InvoiceSummary, 'id' | 'number'>, lang: Locale) {
  const { data } = await apiRequest<Blob>(`/v1/invoice/${encodeURIComponent(invoice.id)}/pdf`, {
    query: { lang },
    as: 'blob',
  });
  saveBlob(data, `invoice-${invoice.number}.pdf`);
}

/** `GET /v1/invoice/csv` with the list's filters, saved as a file. */
export async function downloadInvoiceCsv(params: Omit<InvoiceListParams, 'page' | 'limit'>) {
  const query = invoiceQuery(params);
  const { data } = await apiRequest<Blob>('/v1/invoice/csv', { query, as: 'blob' });
  const span = [params.from, params.to].filter(Boolean).join('_');
  saveBlob(data, `invoices${span ? `_${span}` : ''}.csv`);
}

import { type ContentsReportParams, contentsReportFileName, contentsReportQuery } from '@spinyard/domain';
import { saveBlob } from '../lib/saveBlob.ts';
import { apiRequest, CONTENT_API_BASE } from './client.ts';

/**
 * `GET /contents_report` (second document, section 7) as a file the browser saves: the month's vehicles, one line
 * each (detail) or per owner (summary). The parameters are the domain's report query, checked here before the
 * call so a bad month never leaves the browser. Failures reject with an ApiError for the caller to show
 * (nothing is notified here: the dialog shows the refusal in place).
 */
export async function downloadContentsReport(params: ContentsReportParams): Promise<void> {
  const query = contentsReportQuery.parse(params);
  const { data } = await apiRequest<Blob>(`${CONTENT_API_BASE}/contents_report`, {
    query: { month: query.month, report_type: query.report_type, sleep: query.sleep },
    as: 'blob',
    errors: 'silent',
  });
  saveBlob(data, contentsReportFileName(query.month, query.report_type));
}

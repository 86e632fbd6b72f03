import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { CsvDownloadDialog } from './CsvDownloadDialog.tsx';

// The list's dialogs load when first opened: the report's form and the CSV period rules are not needed to show it.
const ReportDialog = lazy(() => import('../report/ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));
const CsvDialog = lazy(() => import('./CsvDownloadDialog.tsx').then((m) => ({ default: m.CsvDownloadDialog })));

/** The CSV dialog, mounted from its first opening on, so closing it keeps its transition. */
export function LazyCsvDownloadDialog(props: ComponentProps<typeof CsvDownloadDialog>) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  if (!used && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <CsvDialog {...props} />
    </Suspense>
  );
}

/** The report dialog, mounted while open only: its form starts from this month each time. */
export function LazyReportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog opened onClose={onClose} />
    </Suspense>
  );
}

import type { MediaPanelProps } from '../mediaPanel.ts';

/** Placeholder until its area lands (issue 9): the wizard's media step renders it for a saved vehicle. */
export function RiderViewPanel(_props: MediaPanelProps) {
  return null;
}

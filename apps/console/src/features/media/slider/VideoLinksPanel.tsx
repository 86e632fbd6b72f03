import type { MediaPanelProps } from '../mediaPanel.ts';

/** Placeholder until its area lands (issue 9): the wizard's media step renders it for a saved vehicle. */
export function VideoLinksPanel(_props: MediaPanelProps) {
  return null;
}

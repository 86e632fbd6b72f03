/** What every media panel of the wizard gets: the saved vehicle, and whether it may be changed now. */
export interface MediaPanelProps {
  contentId: string;
  /** The vehicle is locked (listing link, a process) or the caller may only look: controls are disabled. */
  readOnly: boolean;
}

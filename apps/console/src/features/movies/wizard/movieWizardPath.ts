/**
 * Where the content-video wizard of a vehicle opens: /contents/movie/{CarId} (the screen `contents_movie`). The
 * vehicle's pages link here (the detail page's movie card, the actions menu) through this one function.
 */
export function movieWizardPath(carId: string): string {
  return `/contents/movie/${encodeURIComponent(carId)}`;
}

/**
 * After a refused submit: bring the first field marked invalid into view and focus it (once React has drawn it),
 * inside an open dialog when there is one, else in the page.
 */
export function focusFirstInvalid(): void {
  window.setTimeout(() => {
    const field =
      document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  }, 50);
}

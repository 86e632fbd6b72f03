import type { MouseEvent, MouseEventHandler } from 'react';

/** What a button carries while its action runs, in place of Mantine's `loading`. */
export interface BusyProps {
  'aria-disabled'?: true;
  'aria-busy'?: true;
  mod: { loading: boolean };
  onClick: MouseEventHandler<HTMLButtonElement> | undefined;
}

/** The spinner's colour: the button's own text colour, as Mantine draws its loader. */
export const BUSY_LOADER_COLOR = 'var(--button-color)';

/**
 * A busy button refuses clicks (and so the form submit a click or Enter would start) with `aria-disabled` instead
 * of the `disabled` attribute Mantine's `loading` sets: a focused button that becomes disabled drops keyboard focus
 * to the page's body (issue 18: the hotspot editor's save), and a keyboard user must find their place again.
 * `data-loading` (Mantine's `mod`) keeps Mantine's busy look: the veil over the button, the not-allowed cursor.
 * The caller shows the spinner (in place of the button's icon).
 */
export function busyProps(loading: boolean, onClick: MouseEventHandler<HTMLButtonElement> | undefined): BusyProps {
  // Idle, the button carries no busy attributes at all, so none replaces one its caller gave.
  if (!loading) return { mod: { loading }, onClick };
  return {
    'aria-disabled': true,
    'aria-busy': true,
    mod: { loading },
    onClick: (event: MouseEvent<HTMLButtonElement>) => event.preventDefault(),
  };
}

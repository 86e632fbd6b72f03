import type { KeyboardEvent } from 'react';

/**
 * The props of a password field's show/hide button: named, in the Tab order (Mantine leaves it out), and worked by
 * Enter as well as Space (Mantine toggles on mouse down and Space only; keyboard users press Enter on buttons).
 */
export function showPasswordToggle(label: string) {
  return {
    'aria-label': label,
    tabIndex: 0,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      // Mantine's own toggle runs on mouse down.
      event.currentTarget.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    },
  };
}

import type { MouseEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { busyProps } from './busy.ts';

function click() {
  const preventDefault = vi.fn();
  return { event: { preventDefault } as unknown as MouseEvent<HTMLButtonElement>, preventDefault };
}

describe('a busy button', () => {
  it('refuses clicks with aria-disabled and aria-busy, never the disabled attribute (focus stays on it)', () => {
    const onClick = vi.fn();
    const props = busyProps(true, onClick);
    expect(props).not.toHaveProperty('disabled');
    expect(props['aria-disabled']).toBe(true);
    expect(props['aria-busy']).toBe(true);
    expect(props.mod).toEqual({ loading: true });
    const { event, preventDefault } = click();
    props.onClick?.(event);
    // Prevented, so a submit button does not submit its form a second time.
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is a plain button when idle: its own click, no busy attributes', () => {
    const onClick = vi.fn();
    const props = busyProps(false, onClick);
    expect(props).not.toHaveProperty('aria-disabled');
    expect(props).not.toHaveProperty('aria-busy');
    expect(props.mod).toEqual({ loading: false });
    const { event, preventDefault } = click();
    props.onClick?.(event);
    expect(onClick).toHaveBeenCalledWith(event);
    expect(preventDefault).not.toHaveBeenCalled();
  });
});

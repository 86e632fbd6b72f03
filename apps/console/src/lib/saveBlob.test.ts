import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './saveBlob.ts';

let events: string[];
let timers: (() => void)[];

beforeEach(() => {
  events = [];
  timers = [];
  vi.stubGlobal('document', {
    createElement: () => {
      const link = {
        href: '',
        download: '',
        click: () => events.push(`click ${link.href} ${link.download}`),
        remove: () => events.push('remove'),
      };
      return link;
    },
    body: { append: () => events.push('append') },
  });
  vi.stubGlobal('window', { setTimeout: (fn: () => void) => timers.push(fn) });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => events.push(`revoke ${url}`));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a link to the blob under the name, and revokes the blob URL only later', () => {
    saveBlob(new Blob(['a,b']), 'report.csv');
    expect(events).toEqual(['append', 'click blob:file report.csv', 'remove']);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(events.at(-1)).toBe('revoke blob:file');
  });
});

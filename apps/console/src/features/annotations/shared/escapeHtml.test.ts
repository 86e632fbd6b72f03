import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml.ts';

describe('escapeHtml', () => {
  it('leaves no markup in a title', () => {
    const payloads = ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', "' onmouseover='x", '`{x}`'];
    for (const p of payloads) {
      const out = escapeHtml(p);
      expect(out).not.toMatch(/[<>"'`]/);
      const div = { innerHTML: out };
      expect(div.innerHTML.includes('<')).toBe(false);
    }
    expect(escapeHtml('ドア & ミラー')).toBe('ドア &#38; ミラー');
  });
});

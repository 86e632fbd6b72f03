import { describe, expect, it } from 'vitest';
import { cardLabelRules } from './ListTable.tsx';

describe('cardLabelRules', () => {
  it('names each column above its value, counting past the leading cells', () => {
    const rules = cardLabelRules('s1', ['Name', 'Role'], 1).split('\n');
    expect(rules).toEqual([
      '[data-list-scope="s1"] > tbody > tr > td:nth-child(2)::before { content: "Name"; }',
      '[data-list-scope="s1"] > tbody > tr > td:nth-child(3)::before { content: "Role"; }',
    ]);
  });

  it('keeps any text inside its CSS string', () => {
    const [rule] = cardLabelRules('s', ['Say "hi" \\\nthere'], 0).split('\n');
    expect(rule).toContain('td:nth-child(1)::before { content: "Say \\"hi\\" \\\\ there"; }');
  });
});

import { CONTENT_SORTS, PERIOD_COLUMNS, PUBLICATION_STATES, RUNNING_PROCESSES } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import fr from '../../../i18n/fr.json';
import ja from '../../../i18n/ja.json';
import pt from '../../../i18n/pt.json';
import { CONFIRMED_ACTIONS, CONTENT_ACTIONS } from '../actions/contentActions.ts';
import { FLAG_FILTERS } from './listConditions.ts';

// The list and the actions build these keys at run time (t(`publication.${state}`) and the like), which the
// literal-key scan cannot see: a missing one would show the raw key on the page.
const RUNTIME_KEYS = [
  ...PUBLICATION_STATES.map((s) => `publication.${s}`),
  ...RUNNING_PROCESSES.map((p) => `processes.${p}`),
  ...CONTENT_ACTIONS.map((a) => `contentActions.actions.${a}`),
  ...CONTENT_ACTIONS.filter((a) => a !== 'transfer').map((a) => `contentActions.done.${a}`),
  ...[...CONFIRMED_ACTIONS].flatMap((a) => [`contentActions.confirm.${a}.title`, `contentActions.confirm.${a}.body`]),
  ...CONTENT_SORTS.map((s) => `contentsList.sorts.${s}`),
  ...FLAG_FILTERS.map((f) => `contentsList.filters.${f}`),
  ...PERIOD_COLUMNS.map((p) => `contentsList.filters.${p}`),
];

function has(catalogue: unknown, key: string): boolean {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

describe('keys the vehicle list builds at run time', () => {
  it.each(Object.entries({ ja, en, fr, pt }))('are all in %s', (_lang, catalogue) => {
    expect(RUNTIME_KEYS.filter((key) => !has(catalogue, key))).toEqual([]);
  });
});

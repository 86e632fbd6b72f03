import { describe, expect, it } from 'vitest';
import { bulkLinkOffers, linkOffers, refusedRowIds, rowLinkChangeable, rowLinkState } from './linkOffers.ts';

describe('the link offers of a state (detail card and list row alike)', () => {
  it.each([
    ['not_linked', { link: true, unlink: null }],
    ['waiting', { link: false, unlink: 'cancel' }],
    ['linking', { link: false, unlink: null }],
    ['linked', { link: false, unlink: 'unlink' }],
    ['error_key_match', { link: true, unlink: 'unlink' }],
  ] as const)('%s', (state, offers) => {
    expect(linkOffers(state)).toEqual(offers);
  });

  it('reads the list’s coarse state, an error as the default error until its own read comes', () => {
    expect(rowLinkState('none')).toBe('not_linked');
    expect(rowLinkState('error')).toBe('error_default');
    expect(rowLinkState('waiting')).toBe('waiting');
  });

  it('offers a row’s link to its creator signed in to the partner only', () => {
    const links = { userId: '7', signedIn: true, refusals: new Map() };
    expect(rowLinkChangeable({ creator_id: '7' }, links)).toBe(true);
    expect(rowLinkChangeable({ creator_id: '8' }, links)).toBe(false);
    expect(rowLinkChangeable({ creator_id: '7' }, { ...links, signedIn: false })).toBe(false);
    expect(rowLinkChangeable({ creator_id: '7' }, undefined)).toBe(false);
  });

  it('offers a bulk action only when every ticked vehicle allows it', () => {
    expect(bulkLinkOffers([{ listing_link: 'none' }, { listing_link: 'error' }])).toEqual({
      link: true,
      unlink: false,
    });
    expect(bulkLinkOffers([{ listing_link: 'linked' }, { listing_link: 'waiting' }])).toEqual({
      link: false,
      unlink: true,
    });
  });

  it('finds the rows a bulk refusal names by index', () => {
    const rows = refusedRowIds(
      [{ field: 'content_ids.1' }, { field: 'other' }, { field: 'content_ids.9' }],
      ['a', 'b'],
    );
    expect([...rows.keys()]).toEqual(['b']);
  });
});

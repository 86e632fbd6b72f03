import { describe, expect, it } from 'vitest';
import { allScreenIds, breadcrumbChain, PROTECTED_SCREENS, PUBLIC_SCREENS } from './screens.ts';

describe('screen list', () => {
  it('has unique ids and unique paths', () => {
    const ids = allScreenIds();
    expect(new Set(ids).size).toBe(ids.length);
    const paths = [...PROTECTED_SCREENS, ...PUBLIC_SCREENS].map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('covers the routes of the spec', () => {
    const paths = [...PROTECTED_SCREENS, ...PUBLIC_SCREENS].map((s) => s.path);
    for (const path of [
      '/top',
      '/contents/edit/:carId',
      '/subordinate/edit/:userId',
      '/domain/edit/:companyCode',
      '/web-negotiation/detail/:roomId',
      '/statistic/movie-backup-exteriors',
      '/corporation-contacts',
      '/user/password/confirmation/:resetToken',
      '/user/activation/:activationId',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('leads edit and detail screens back to their lists', () => {
    expect(breadcrumbChain('contents_edit').map((s) => s.id)).toEqual(['contents_list', 'contents_edit']);
    expect(breadcrumbChain('web_negotiation_detail').map((s) => s.path)).toEqual([
      '/web-negotiation/list',
      '/web-negotiation/detail/:roomId',
    ]);
    expect(breadcrumbChain('top').map((s) => s.id)).toEqual(['top']);
  });

  it('points every parent at a list screen that has no route parameter', () => {
    for (const screen of PROTECTED_SCREENS) {
      if (!screen.parent) continue;
      const parent = breadcrumbChain(screen.parent).at(-1);
      expect(parent?.path, screen.id).not.toContain(':');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { profileFixture } from '../test-support/profiles.ts';
import { manualFileName, visibleManuals } from './manuals.ts';

describe('manual menu', () => {
  it('names the Japanese PDF of each manual', () => {
    expect(manualFileName('360car_manual')).toBe('360car_manual_jp.pdf');
  });

  it('offers the bike manual only to bike dealers and the operator', () => {
    expect(visibleManuals(profileFixture({}))).toEqual(['360car_manual', 'remote360_manual']);
    expect(visibleManuals(profileFixture({ options: { content_style: 'bike' } }))).toContain('360bike_manual');
    expect(visibleManuals(profileFixture({ domain: { host_flags: ['bike'] } }))).toContain('360bike_manual');
    expect(visibleManuals(profileFixture({ user: { privilege_type: 'master' } }))).toContain('360bike_manual');
  });
});

import { describe, expect, it } from 'vitest';
import { exteriorHotspotAddBody, hotspotUpdateBody, interiorHotspotAddBody } from './hotspots.ts';

const placement = { group_id: '1', key_frames: [{ frame: 0, x: 0.5, y: 0.5 }] };

describe('hotspot schemas', () => {
  it('fills the defaults: standard icon, feature, white damage colour', () => {
    const body = exteriorHotspotAddBody.parse({ type: 'image', title: 'Sunroof', placement });
    expect(body).toMatchObject({ icon_type: 'standard', category: 'feature', damage_colour: 'white', body: '' });
  });

  it('keeps markup as the text it is', () => {
    const title = '<script>alert(1)</script>';
    const body = '<img src=x onerror=alert(1)> javascript:alert(1)';
    expect(exteriorHotspotAddBody.parse({ type: 'inspector', title, body, placement })).toMatchObject({ title, body });
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'a'.repeat(101) }, 'title'],
    [{ title: 'two\nlines' }, 'title'],
    [{ body: 'b'.repeat(2001) }, 'body'],
    [{ type: 'auto_detect' }, 'type'],
    [{ damage_colour: 'url(javascript:x)' }, 'damage_colour'],
    [{ placement: { ...placement, key_frames: [{ frame: 0, x: 1.5, y: 0 }] } }, 'placement'],
  ])('refuses %j naming %s', (change, field) => {
    const r = exteriorHotspotAddBody.safeParse({ type: 'image', title: 'T', placement, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(field);
  });

  it('interior placement: yaw and pitch in degrees', () => {
    const base = { type: 'audio', title: 'Stereo', placement: { scene_id: '3', yaw: 10, pitch: -5 } };
    expect(interiorHotspotAddBody.safeParse(base).success).toBe(true);
    expect(
      interiorHotspotAddBody.safeParse({ ...base, placement: { scene_id: '3', yaw: 181, pitch: 0 } }).success,
    ).toBe(false);
  });

  it('an update takes any of the fields and no unknown one', () => {
    expect(hotspotUpdateBody.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(hotspotUpdateBody.safeParse({ html: '<b>' }).success).toBe(false);
  });
});

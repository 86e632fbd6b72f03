import type { InteriorSceneAnswer } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { movedIds } from './InteriorPanel.tsx';
import { anglesAt } from './ViewParts.tsx';

const scenes = ['1', '2', '3', '4'].map((id) => ({ id }) as InteriorSceneAnswer);

describe('movedIds: a scene moved by drag or by the up and down buttons', () => {
  it.each([
    [0, 1, ['2', '1', '3', '4']],
    [3, 2, ['1', '2', '4', '3']],
    [0, 3, ['2', '3', '4', '1']],
    [2, 0, ['3', '1', '2', '4']],
    [1, 1, ['1', '2', '3', '4']],
    [0, -1, ['1', '2', '3', '4']],
    [3, 4, ['1', '2', '3', '4']],
  ])('from %d to %d', (from, to, ids) => {
    expect(movedIds(scenes, from, to)).toEqual(ids);
  });
});

describe('anglesAt: a click on the flat panorama', () => {
  it('maps the corners and the centre to yaw and pitch', () => {
    expect(anglesAt(0, 0, 800, 400)).toEqual({ yaw: -180, pitch: 90 });
    expect(anglesAt(400, 200, 800, 400)).toEqual({ yaw: 0, pitch: 0 });
    expect(anglesAt(800, 400, 800, 400)).toEqual({ yaw: 180, pitch: -90 });
    expect(anglesAt(600, 100, 800, 400)).toEqual({ yaw: 90, pitch: 45 });
    expect(anglesAt(900, -5, 800, 400)).toEqual({ yaw: 180, pitch: 90 });
  });
});

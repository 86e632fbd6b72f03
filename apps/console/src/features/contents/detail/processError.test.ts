import { describe, expect, it } from 'vitest';
import { processErrorKey } from './ProcessesCard.tsx';

describe('a process error', () => {
  it('is translated by its code: a catalogue error or a lost worker', () => {
    expect(processErrorKey('vehicle_limit_reached: The vehicle limit is reached.')).toBe(
      'errors.vehicle_limit_reached',
    );
    expect(processErrorKey('worker_lost: The worker running this process stopped responding.')).toBe(
      'contentsDetail.workerLost',
    );
  });

  it('without a code is shown as it is', () => {
    expect(processErrorKey('ffmpeg exited with code 1')).toBeUndefined();
    expect(processErrorKey('Error: boom')).toBeUndefined();
  });
});

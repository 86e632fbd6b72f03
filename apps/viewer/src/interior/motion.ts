import type { Viewer } from '@photo-sphere-viewer/core';
import { GyroscopePlugin } from '@photo-sphere-viewer/gyroscope-plugin';
import { StereoPlugin } from '@photo-sphere-viewer/stereo-plugin';
import { useState } from 'react';
import type { Translate } from '../i18n/i18n.ts';

interface DeviceOrientationWithPermission {
  requestPermission?: () => Promise<'granted' | 'denied'>;
}

/** The interior's gyroscope and VR mode, asking iOS for the motion permission inside the click that turns it on. */
export function useMotion(viewerRef: { current: Viewer | null }, t: Translate) {
  const [gyroMessage, setGyroMessage] = useState('');
  const [gyroOn, setGyroOn] = useState(false);

  const toggleGyroscope = async () => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    const gyro = viewer.getPlugin<GyroscopePlugin>(GyroscopePlugin);
    if (gyro.isEnabled()) {
      gyro.stop();
      setGyroOn(false);
      return;
    }
    // iOS asks once, and only inside a user gesture: this click.
    const orientation = window.DeviceOrientationEvent as unknown as DeviceOrientationWithPermission | undefined;
    if (typeof orientation?.requestPermission === 'function') {
      const answer = await orientation.requestPermission().catch(() => 'denied' as const);
      if (answer !== 'granted') {
        setGyroMessage(t('gyroscope_denied'));
        return;
      }
    }
    await gyro.start().catch(() => setGyroMessage(t('gyroscope_denied')));
    setGyroOn(gyro.isEnabled());
  };

  const startVr = () => {
    const stereo = viewerRef.current?.getPlugin<StereoPlugin>(StereoPlugin);
    void stereo?.start().catch(() => setGyroMessage(t('gyroscope_denied')));
  };

  return { gyroOn, gyroMessage, toggleGyroscope, startVr };
}

import type { Viewer } from '@photo-sphere-viewer/core';

/** Where the interior looks: yaw and pitch in radians, Photo Sphere Viewer's zoom level (0 to 100). */
export interface InteriorAngle {
  yaw: number;
  pitch: number;
  zoom: number;
}

/** The panorama's camera as the call's shared view drives it (controller) and follows it (everyone else). */
export interface InteriorCamera {
  get(): InteriorAngle;
  /** Looks there now, and again once a panorama being loaded has come (loading resets the angle). */
  show(angle: InteriorAngle): void;
  /** Called on every turn and zoom, by hand or by `show`. */
  subscribe(listener: () => void): () => void;
}

export function showAngle(viewer: Viewer, angle: InteriorAngle): void {
  viewer.rotate({ yaw: angle.yaw, pitch: angle.pitch });
  viewer.zoom(angle.zoom);
}

const angleOf = (viewer: Viewer): InteriorAngle => {
  const { yaw, pitch } = viewer.getPosition();
  return { yaw, pitch, zoom: viewer.getZoomLevel() };
};

/**
 * The camera of one Photo Sphere Viewer. The container carries the angle as data attributes (`data-yaw`,
 * `data-pitch` in radians to 3 places, `data-zoom`), as the spin's surface carries its frame: what a page's tests read.
 */
export function cameraOf(viewer: Viewer, container: HTMLElement, wanted: { current: InteriorAngle | null }) {
  const mark = () => {
    const a = angleOf(viewer);
    container.dataset.yaw = a.yaw.toFixed(3);
    container.dataset.pitch = a.pitch.toFixed(3);
    container.dataset.zoom = String(Math.round(a.zoom));
  };
  viewer.addEventListener('position-updated', mark);
  viewer.addEventListener('zoom-updated', mark);
  viewer.addEventListener('panorama-loaded', mark);
  const camera: InteriorCamera = {
    get: () => angleOf(viewer),
    show(angle) {
      wanted.current = angle;
      showAngle(viewer, angle);
    },
    subscribe(listener) {
      viewer.addEventListener('position-updated', listener);
      viewer.addEventListener('zoom-updated', listener);
      return () => {
        viewer.removeEventListener('position-updated', listener);
        viewer.removeEventListener('zoom-updated', listener);
      };
    },
  };
  return camera;
}

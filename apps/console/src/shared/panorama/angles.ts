/**
 * The two angles of a point on a panorama, in degrees: yaw goes round (-180 to 180), pitch from straight down to
 * straight up (-90 to 90). Zoom points and interior hotspots take their number fields from this one table.
 */
export const PANORAMA_ANGLES = [
  { key: 'yaw', limit: 180 },
  { key: 'pitch', limit: 90 },
] as const;

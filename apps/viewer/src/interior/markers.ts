import type { MarkerConfig } from '@photo-sphere-viewer/markers-plugin';
import type { PublishedInteriorHotspot, ZoomPoint } from '@spinyard/domain';

/**
 * Markers of the interior, each a DOM element made here with text content only. Photo Sphere Viewer writes a
 * marker's `tooltip` as HTML, so the tooltip gets the dealer's text escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function markerButton(className: string, label: string, onClick?: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute('aria-label', label);
  const dot = document.createElement('span');
  dot.className = 'hotspot-dot';
  dot.setAttribute('aria-hidden', 'true');
  button.appendChild(dot);
  if (onClick) button.addEventListener('click', onClick);
  return button;
}

export function hotspotMarker(h: PublishedInteriorHotspot, label: string, onOpen: () => void): MarkerConfig {
  // Our own click listener (not the plugin's select event): Enter and Space on the focused button open it too.
  const element = markerButton('hotspot interior-hotspot', label, onOpen);
  element.dataset.hotspotId = h.id;
  if (h.category === 'damage') (element.firstChild as HTMLElement).style.backgroundColor = h.damage_colour;
  return {
    id: `hotspot-${h.id}`,
    element,
    position: { yaw: `${h.yaw}deg`, pitch: `${h.pitch}deg` },
    anchor: 'center center',
    tooltip: escapeText(h.title),
  };
}

export function zoomPointMarker(z: ZoomPoint, i: number, label: string, onClick: () => void): MarkerConfig {
  return {
    id: `zoom-${i}`,
    element: markerButton('hotspot zoom-point', label, onClick),
    position: { yaw: `${z.yaw}deg`, pitch: `${z.pitch}deg` },
    anchor: 'center center',
    tooltip: escapeText(z.label),
  };
}

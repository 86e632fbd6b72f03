import type { MarkerConfig } from '@photo-sphere-viewer/markers-plugin';
import type { PublishedInteriorHotspot, ZoomPoint } from '@spinyard/domain';
import { type IconName, iconElement } from '../icons.tsx';
import { safeUrl } from '../page-data.ts';

/**
 * Markers of the interior, each a DOM element made here with text content only. Photo Sphere Viewer writes a
 * marker's `tooltip` as HTML, so the tooltip gets the dealer's text escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A marker: the dealer's icon when `iconUrl` is one we serve, else the standard marker with its glyph. */
function markerButton(
  className: string,
  label: string,
  look: { glyph: IconName; iconUrl?: string | null; colour?: string },
  onClick?: () => void,
): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute('aria-label', label);
  const url = safeUrl(look.iconUrl);
  if (url) {
    const img = document.createElement('img');
    img.className = 'hotspot-icon';
    img.src = url;
    img.alt = '';
    img.width = 40;
    img.height = 40;
    button.appendChild(img);
  } else {
    const dot = document.createElement('span');
    dot.className = 'hotspot-dot';
    dot.setAttribute('aria-hidden', 'true');
    if (look.colour) dot.style.backgroundColor = look.colour;
    dot.appendChild(iconElement(look.glyph));
    button.appendChild(dot);
  }
  if (onClick) button.addEventListener('click', onClick);
  return button;
}

export function hotspotMarker(h: PublishedInteriorHotspot, label: string, onOpen: () => void): MarkerConfig {
  // Our own click listener (not the plugin's select event): Enter and Space on the focused button open it too.
  const colour = h.category === 'damage' ? h.damage_colour : undefined;
  const look = { glyph: h.icon.type, iconUrl: h.icon.url, ...(colour ? { colour } : {}) };
  const element = markerButton('hotspot interior-hotspot', label, look, onOpen);
  element.dataset.hotspotId = h.id;
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
    element: markerButton('hotspot zoom-point', label, { glyph: 'plus' }, onClick),
    position: { yaw: `${z.yaw}deg`, pitch: `${z.pitch}deg` },
    anchor: 'center center',
    tooltip: escapeText(z.label),
  };
}

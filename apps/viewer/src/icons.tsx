/** Line icons drawn as SVG (no icon font: no request, no missing glyphs on a phone without the font). */
const PATHS = {
  left: 'M9 6 3 12l6 6M3 12h13a5 5 0 0 0 5-5',
  right: 'M15 6l6 6-6 6M21 12H8a5 5 0 0 1-5-5',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  expand: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  close: 'M6 6l12 12M18 6 6 18',
  cube: 'M12 3 4 7.5v9L12 21l8-4.5v-9L12 3zM4 7.5 12 12l8-4.5M12 12v9',
  // The standard hotspot markers, one per icon type (as the console's design preview draws them).
  standard: 'M12 8h.01M11 12h1v5h1',
  sound: 'M15 8a5 5 0 0 1 0 8M17.7 5a9 9 0 0 1 0 14M6 15H4V9h2l4-4v14l-4-4',
  movie: 'M4 5h16v14H4zM8 5v14M16 5v14M4 9h4M4 15h4M16 9h4M16 15h4',
} as const;

export type IconName = keyof typeof PATHS;

/** The same icon as a DOM element, for markers made outside the component tree (Photo Sphere Viewer's). */
export function iconElement(name: IconName): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true' })) {
    svg.setAttribute(k, v);
  }
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'icon');
  const path = document.createElementNS(ns, 'path');
  const stroke = { d: PATHS[name], fill: 'none', stroke: 'currentColor', 'stroke-width': '2' };
  for (const [k, v] of Object.entries(stroke)) path.setAttribute(k, v);
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('stroke-linejoin', 'round');
  svg.appendChild(path);
  return svg;
}

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="icon">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

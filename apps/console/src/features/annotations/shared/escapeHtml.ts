/**
 * Text made safe for a library that writes strings as HTML (Photo Sphere Viewer's marker tooltips set innerHTML):
 * every character that could open markup or an attribute becomes its entity, so a hotspot title shows as typed.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

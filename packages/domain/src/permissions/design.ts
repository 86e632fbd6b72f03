import { check, type PermissionActor, type PermissionCheck } from './core.ts';

/*
 * Custom design (/custom-design/edit). The roles table has no row for it; our reading (docs/decisions.md, "Custom
 * design"): the screen is open to whoever the menu shows it to (the domain enables browser or app hotspots), and the
 * design is the domain's, so changing it is for the heads of the tenant (super and admin, as for the company's
 * details) and master; normal users see it read-only.
 */

export interface DesignOptions {
  hotspot_browser: boolean;
  hotspot_app: boolean;
}

/** Reading the design: the domain must use hotspots in the browser or the app. */
export function canSeeCustomDesign(options: DesignOptions): PermissionCheck {
  return check(options.hotspot_browser || options.hotspot_app);
}

/** Changing it: super, admin or master, on a domain that uses hotspots. */
export function canEditCustomDesign(actor: PermissionActor, options: DesignOptions): PermissionCheck {
  if (!canSeeCustomDesign(options).ok) return canSeeCustomDesign(options);
  return check(actor.privilegeType !== 'normal');
}

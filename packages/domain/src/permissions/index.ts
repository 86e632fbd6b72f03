/**
 * The roles table of the first document, section 6, as functions of (actor, target), one file per capability
 * area. The server calls them in every service before it touches a row; the console calls the same functions to
 * hide what the server would refuse. The menu (menu.ts) answers "is the screen shown"; these answer "may this
 * call run", and a test keeps the two in agreement.
 *
 * Readings shared by every area (copied to docs/decisions.md; the menu's readings in menu.ts hold here too; each
 * area's own readings are in its file):
 * - "Branded" is the product-branded user of section 1 (product domain and card payment, never master), as the
 *   console and menu compute it, so "branded and not paying by card" cannot occur. The functions still answer
 *   for every combination of flags; the test matrix (matrix.ts) marks that combination unreachable.
 * - Refusals: `forbidden` when the role does not allow the action, `user_management_disabled` when only the
 *   domain option stops it, `not_found` for invisible users.
 *
 * The test matrix is not exported here: tests import it from `@spinyard/domain/testing`.
 */
export * from './account.ts';
export * from './audio-library.ts';
export * from './company.ts';
export type {
  CompanyTarget,
  PermissionActor,
  PermissionCheck,
  PermissionDomainOptions,
  PermissionTarget,
} from './core.ts';
export * from './design.ts';
export * from './domains.ts';
export * from './listing.ts';
export * from './scope.ts';
export * from './statistics.ts';
export * from './transfer.ts';
export * from './users.ts';
export * from './vehicles.ts';
export * from './web-negotiation.ts';

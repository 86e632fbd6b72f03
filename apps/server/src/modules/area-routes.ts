import { actorRoutes, signedInRoute, type ZodApp } from '../http/actor-routes.ts';
import { errorResponses } from '../http/schemas.ts';

// The vehicle areas' route kit: the signed-in frame, the upload and CSV helpers are the ones every signed-in route
// uses (http/); what is the vehicle areas' own is below.
export { multipartForm, sendCsv } from '../http/actor-routes.ts';
export { withFile } from '../http/multipart-file.ts';

// The refusals the vehicle areas' routes share: a read, an edit (409: locked, linked or deleted vehicle) and an
// upload (413 too big, 415 not a kind the area takes).
export const READ = [401, 404, 422];
export const EDIT = [401, 404, 409, 422];
export const UPLOAD = [401, 404, 409, 413, 415, 422];
/** An edit the caller's role or a domain option may also refuse (403): publication, transfers, image processes. */
export const GUARDED_EDIT = [401, 403, 404, 409, 422];
export const READ_REFUSALS = errorResponses(...READ);
export const EDIT_REFUSALS = errorResponses(...EDIT);
export const UPLOAD_REFUSALS = errorResponses(...UPLOAD);

/**
 * The refusals of an edit, for a route's description: the vehicle locked by a process, linked to a listing or
 * deleted, and 404 for `what` (the vehicle and the area's parts) the caller does not see.
 */
export const editRefusals = (what: string): string =>
  '409 content_locked (params.process names the running process), 409 content_linked, 409 invalid_state_transition ' +
  `(a deleted vehicle: restore it first), 404 for ${what} the caller does not see.`;

/** The route options of an area's content-API routes: the signed-in frame under the area's one tag. */
export const areaRoute = (tag: string) => signedInRoute([tag]);

/** The routes of an area's content API, each declared with its schemas and its one service call (actorRoutes). */
export const areaRoutes = (app: ZodApp, tag: string) => actorRoutes(app, [tag]);

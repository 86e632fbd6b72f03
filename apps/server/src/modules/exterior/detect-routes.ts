import {
  exteriorAutodetectAllQuery,
  exteriorAutodetectQuery,
  exteriorParams,
  exteriorProcessStartedAnswer,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaRoutes, editRefusals, GUARDED_EDIT } from '../area-routes.ts';
import type { ModuleContext } from '../context.ts';
import { type ExteriorDetect, exteriorDetect } from './detect-jobs.ts';

const LOCKED = editRefusals('a vehicle or row');

/** Automatic annotation of the exterior (second document, section 7: autodetect, autodetect-all). */
const routes: FastifyPluginAsyncZod<{ detect: ExteriorDetect }> = async (app, { detect }) => {
  const route = areaRoutes(app, 'exterior');
  const description =
    "By the domain's AI detection type: parts (EXTERIOR.ANNOTATE, option auto_annotation) starts " +
    'exterior_autodetect_annotation, which proposes wheels (and headlights beside a plate on the front frame) as ' +
    'hotspots to accept or reject (`.../hotspots/proposals/accept`, `reject`), replacing the proposals still waiting ' +
    'on the rows it reads; none found: it fails with parts_not_found; no spin: 422 naming content_id. Damage ' +
    '(EXTERIOR.DETECT_DEFECT, option damage_detection): 409 ai_detector_unavailable, params.reason damage, nothing ' +
    `started. Option off: 403 forbidden. Refusals: ${LOCKED}`;

  route.post('/exterior/:content_id/autodetect', {
    summary: 'Propose hotspots for parts on one spin row (group_id) or all (exterior_autodetect_annotation)',
    description: `${description}. A group_id that is no spin row of the vehicle: 422 naming group_id.`,
    params: exteriorParams,
    querystring: exteriorAutodetectQuery,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, query }) => detect.detectAnnotations(actor, params.content_id, query.group_id, query.lang),
  });

  route.post('/exterior/:content_id/autodetect-all', {
    summary: 'Propose hotspots for parts on every spin row (exterior_autodetect_annotation)',
    description,
    params: exteriorParams,
    querystring: exteriorAutodetectAllQuery,
    answer: exteriorProcessStartedAnswer,
    accepted: true,
    errors: GUARDED_EDIT,
    run: (actor, { params, query }) => detect.detectAnnotations(actor, params.content_id, undefined, query.lang),
  });
};

export async function registerDetectRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(routes, { detect: exteriorDetect(ctx) });
}

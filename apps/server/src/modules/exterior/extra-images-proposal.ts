import {
  type ExtraImagesProposalAnswer,
  exteriorParams,
  extraImagesProposalAnswer,
  extraImagesProposalQuery,
  readDomainOptions,
} from '@spinyard/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { QualityOptions } from '../../platform/ai/frame-quality.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { areaRoutes, READ } from '../area-routes.ts';
import type { Actor } from '../auth/service.ts';
import { visibleForMedia } from '../contents/media-access.ts';
import { processQueryService } from '../contents/process-query-service.ts';
import type { ModuleContext } from '../context.ts';
import { extraFramesOf, renditionUrl, shownImage } from './answer.ts';
import { faultyFrames, ROW_PIPELINES } from './extra-images-work.ts';
import { exteriorRepo } from './repo.ts';

/**
 * What "remove extra images" would delete, for the dealer to confirm frame by frame before any is removed (issue
 * 23): the frames past the domain's frame count, the rows not part of the spin, and with the quality flags the
 * frames that measure empty, blurred or duplicate. A read: the measures are the process's own on each frame's
 * thumbnail (160 wide, a few milliseconds a frame), nothing is kept.
 */
export function extraImagesProposal(deps: { db: Db; store: BlobStore; media: Media }) {
  const { db } = deps;
  return async (actor: Actor, contentId: string, quality: QualityOptions): Promise<ExtraImagesProposalAnswer> => {
    const content = await visibleForMedia(db, actor, contentId);
    const repo = exteriorRepo(db);
    const [groups, frames] = await Promise.all([repo.groups(content.id), repo.frames(content.id)]);
    const { processes } = await processQueryService(db).isProcessing(actor, content.id);
    const keepTemp = processes.some((p) => (ROW_PIPELINES as readonly string[]).includes(p.process));
    const frameCount = readDomainOptions(content.domain_options).exterior_frame_count;
    const extra = extraFramesOf(groups, frames, frameCount, { keepTemp });
    const temp = new Set(extra.tempGroups.map((g) => g.id));
    const reasons = new Map<string, ExtraImagesProposalAnswer['frames'][number]['reason']>();
    for (const f of frames) if (temp.has(f.group_id)) reasons.set(f.id, 'temp_row');
    for (const f of extra.frames) if (!reasons.has(f.id)) reasons.set(f.id, 'past_count');
    if (quality.blurred || quality.duplicates || quality.empty) {
      for (const [id, fault] of await faultyFrames(deps, content.id, quality)) {
        if (!reasons.has(id)) reasons.set(id, fault);
      }
    }
    const orderOf = new Map(groups.map((g) => [g.id, g.group_order]));
    return {
      content_id: content.id,
      frames: frames
        .filter((f) => reasons.has(f.id))
        .map((f) => ({
          id: f.id,
          group_order: orderOf.get(f.group_id) ?? 0,
          order: f.frame_order,
          reason: reasons.get(f.id) ?? 'past_count',
          url: renditionUrl(shownImage(f), 'display'),
        })),
    };
  };
}

const routes: FastifyPluginAsyncZod<{ propose: ReturnType<typeof extraImagesProposal> }> = async (app, { propose }) => {
  areaRoutes(app, 'exterior').get('/exterior/:content_id/extra-images', {
    summary: 'The frames "remove extra images" would delete, each with its reason, for the dealer to confirm',
    description:
      'The same flags as the removal (?blurred, ?duplicates, ?empty). The removal then takes the confirmed ' +
      'frames as ?frame_ids= (comma-separated): only those go.',
    params: exteriorParams,
    querystring: extraImagesProposalQuery,
    answer: extraImagesProposalAnswer,
    errors: READ,
    run: (actor, { params, query }) =>
      propose(actor, params.content_id, {
        blurred: query.blurred === 'true',
        duplicates: query.duplicates === 'true',
        empty: query.empty === 'true',
      }),
  });
};

export async function registerExtraImagesRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await scope.register(routes, { propose: extraImagesProposal({ db: ctx.db, store: ctx.store, media: ctx.media }) });
}

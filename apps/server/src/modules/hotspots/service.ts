import {
  type ExteriorPlacement,
  type HotspotAddBody,
  type HotspotAnswer,
  type HotspotListAnswer,
  type HotspotUpdateBody,
  hotspotKeyProblems,
  type InteriorPlacement,
  type Operation,
  readDomainOptions,
  videoIdOf,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia, visibleForMedia } from '../contents/media-access.ts';
import type { ContentRecord } from '../contents/repo.ts';
import { hotspotAnswer, hotspotKeys } from './answer.ts';
import { type HotspotChange, type HotspotRow, hotspotsRepo } from './repo.ts';

/**
 * The hotspot area's use cases: list, add, update, move (coordinates) and remove the hotspots of a vehicle's
 * exterior or interior. Every change runs in one transaction behind `lockForMedia` (the vehicle seen by the
 * caller, else `not_found`; not deleted; not under a listing link; EXTERIOR.ANNOTATE or INTERIOR.ANNOTATE not
 * locked by a running process), so another tenant learns nothing and a refused change changes nothing. Files are
 * in files-service.ts.
 */

export type HotspotKind = 'exterior' | 'interior';

export const annotateOperation = (kind: HotspotKind): Operation =>
  kind === 'exterior' ? 'EXTERIOR.ANNOTATE' : 'INTERIOR.ANNOTATE';

export const fieldRefusal = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', { fields: [{ field, rule, message }] });

/** The domain's "maximum manual hotspots" of the vehicle's domain. */
const maxOf = (row: ContentRecord) => readDomainOptions(row.domain_options).max_manual_hotspots;

/** Each exterior row's frame count, for the frames a hotspot is seen on. */
export async function frameCountsOf(db: Db, contentId: string): Promise<Map<string, number>> {
  return new Map((await hotspotsRepo(db).rows(contentId)).map((g) => [g.id, g.frame_count]));
}

/** Deletes the keys no remaining hotspot of the vehicle refers to (blobs are content-addressed and may be shared). */
export async function deleteUnreferenced(trx: Db, store: BlobStore, contentId: string, removed: readonly string[]) {
  const kept = new Set((await hotspotsRepo(trx).list(contentId)).flatMap((r) => hotspotKeys(r.files)));
  for (const key of new Set(removed)) if (!kept.has(key)) await store.delete(key);
}

/** Loads the hotspot after the vehicle's gate, so another tenant's id answers `not_found` like a missing one. */
export async function gatedHotspot(
  trx: Db,
  actor: Actor,
  contentId: string,
  hotspotId: string,
  kind?: HotspotKind,
): Promise<{ content: ContentRecord; hotspot: HotspotRow }> {
  const found = await hotspotsRepo(trx).get(contentId, hotspotId);
  const content = await lockForMedia(trx, actor, contentId, annotateOperation(found?.kind ?? kind ?? 'exterior'));
  if (!found || (kind !== undefined && found.kind !== kind)) throw new AppError('not_found');
  return { content, hotspot: found };
}

async function checkExteriorPlacement(trx: Db, contentId: string, placement: ExteriorPlacement, prefix: string) {
  const group = await hotspotsRepo(trx).row(contentId, placement.group_id);
  if (!group) throw fieldRefusal(`${prefix}group_id`, 'one_of', 'Choose a row of this vehicle.');
  const problem = hotspotKeyProblems(placement.key_frames, group.frame_count)[0];
  if (problem) throw fieldRefusal([`${prefix}key_frames`, ...problem.path].join('.'), 'range', problem.message);
}

async function checkInteriorPlacement(trx: Db, contentId: string, placement: InteriorPlacement, prefix: string) {
  if (!(await hotspotsRepo(trx).hasScene(contentId, placement.scene_id))) {
    throw fieldRefusal(`${prefix}scene_id`, 'one_of', 'Choose a scene of this vehicle.');
  }
}

const placementColumns = (kind: HotspotKind, placement: ExteriorPlacement | InteriorPlacement) =>
  kind === 'exterior'
    ? {
        group_id: (placement as ExteriorPlacement).group_id,
        key_frames: JSON.stringify((placement as ExteriorPlacement).key_frames),
      }
    : {
        scene_id: (placement as InteriorPlacement).scene_id,
        yaw: (placement as InteriorPlacement).yaw,
        pitch: (placement as InteriorPlacement).pitch,
      };

/**
 * The stored values of the fields as they will stand: the video link kept as its id (anything that is no
 * video-sharing link, `javascript:` included, refused naming `video_url`), the close-up's row checked to be the
 * vehicle's, and what a type needs present.
 */
async function resolveFields(
  trx: Db,
  contentId: string,
  body: HotspotUpdateBody,
  current: HotspotRow | undefined,
): Promise<HotspotChange> {
  const change: HotspotChange = {};
  if (body.type !== undefined) change.type = body.type;
  if (body.icon_type !== undefined) change.icon_type = body.icon_type;
  if (body.title !== undefined) change.title = body.title;
  if (body.body !== undefined) change.body = body.body;
  if (body.category !== undefined) change.category = body.category;
  if (body.damage_type !== undefined) change.damage_type = body.damage_type;
  if (body.damage_position !== undefined) change.damage_position = body.damage_position;
  if (body.damage_colour !== undefined) change.damage_colour = body.damage_colour;
  const type = body.type ?? current?.type;
  let videoId = current?.video_id ?? null;
  if (body.video_url !== undefined) {
    videoId = body.video_url === null || body.video_url.trim() === '' ? null : (videoIdOf(body.video_url) ?? '');
    if (videoId === '') {
      throw fieldRefusal(
        'video_url',
        'format',
        'Enter a video-sharing link (youtube.com/watch?v=..., youtu.be/...) or its 11-character id.',
      );
    }
  }
  if (type === 'video_link' && videoId === null) throw fieldRefusal('video_url', 'required', 'Enter the video link.');
  change.video_id = type === 'video_link' ? videoId : null;

  let closeup = current?.closeup_group_id ?? null;
  if (body.closeup_group_id !== undefined) closeup = body.closeup_group_id;
  if (closeup !== null && body.closeup_group_id !== undefined && !(await hotspotsRepo(trx).row(contentId, closeup))) {
    throw fieldRefusal('closeup_group_id', 'one_of', 'Choose a row of this vehicle.');
  }
  if (type === 'closeup_360' && closeup === null) {
    throw fieldRefusal('closeup_group_id', 'required', 'Choose the row the close-up opens.');
  }
  change.closeup_group_id = type === 'closeup_360' ? closeup : null;
  return change;
}

/** An area's hotspots as the list routes answer them, with the vehicle's manual count and its domain's maximum. */
export async function hotspotListOf(
  db: Db,
  content: ContentRecord,
  contentId: string,
  kind: HotspotKind,
): Promise<HotspotListAnswer> {
  const repo = hotspotsRepo(db);
  const counts = await frameCountsOf(db, contentId);
  return {
    items: (await repo.list(contentId, kind)).map((row) => hotspotAnswer(row, counts)),
    manual_count: await repo.manualCount(contentId),
    max_manual: maxOf(content),
  };
}

export function hotspotsService({ db, store }: { db: Db; store: BlobStore }) {
  async function answerOf(trx: Db, row: HotspotRow): Promise<HotspotAnswer> {
    return hotspotAnswer(row, await frameCountsOf(trx, row.content_id));
  }

  return {
    async list(actor: Actor, contentId: string, kind: HotspotKind): Promise<HotspotListAnswer> {
      return hotspotListOf(db, await visibleForMedia(db, actor, contentId), contentId, kind);
    },

    async add(actor: Actor, contentId: string, kind: HotspotKind, body: HotspotAddBody): Promise<HotspotAnswer> {
      return db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, annotateOperation(kind));
        if (kind === 'exterior') {
          await checkExteriorPlacement(trx, contentId, body.placement as ExteriorPlacement, 'placement.');
        } else {
          await checkInteriorPlacement(trx, contentId, body.placement as InteriorPlacement, 'placement.');
        }
        const repo = hotspotsRepo(trx);
        const max = maxOf(content);
        if ((await repo.manualCount(contentId)) >= max) {
          throw new AppError('max_content_count_exceeded', {
            params: { max },
            message: `A vehicle has at most ${max} hotspots.`,
          });
        }
        const fields = await resolveFields(trx, contentId, body, undefined);
        const row = await repo.insert({
          content_id: contentId,
          kind,
          type: body.type,
          icon_type: body.icon_type,
          title: body.title,
          body: body.body,
          category: body.category,
          damage_colour: body.damage_colour,
          ...fields,
          ...placementColumns(kind, body.placement),
          files: '{}',
        });
        return answerOf(trx, row);
      });
    },

    async update(
      actor: Actor,
      contentId: string,
      hotspotId: string,
      kind: HotspotKind,
      body: HotspotUpdateBody,
    ): Promise<HotspotAnswer> {
      return db.transaction().execute(async (trx) => {
        const { hotspot } = await gatedHotspot(trx, actor, contentId, hotspotId, kind);
        const change = await resolveFields(trx, contentId, body, hotspot);
        const row = await hotspotsRepo(trx).update(contentId, hotspotId, change);
        if (!row) throw new AppError('not_found');
        return answerOf(trx, row);
      });
    },

    /** Moves a hotspot: an exterior one to a row and key frames, an interior one to a scene, yaw and pitch. */
    async move(
      actor: Actor,
      contentId: string,
      hotspotId: string,
      kind: HotspotKind,
      placement: ExteriorPlacement | InteriorPlacement,
    ): Promise<HotspotAnswer> {
      return db.transaction().execute(async (trx) => {
        await gatedHotspot(trx, actor, contentId, hotspotId, kind);
        if (kind === 'exterior') await checkExteriorPlacement(trx, contentId, placement as ExteriorPlacement, '');
        else await checkInteriorPlacement(trx, contentId, placement as InteriorPlacement, '');
        const row = await hotspotsRepo(trx).update(contentId, hotspotId, placementColumns(kind, placement));
        if (!row) throw new AppError('not_found');
        return answerOf(trx, row);
      });
    },

    async remove(actor: Actor, contentId: string, hotspotId: string, kind: HotspotKind): Promise<HotspotListAnswer> {
      return db.transaction().execute(async (trx) => {
        const { content } = await gatedHotspot(trx, actor, contentId, hotspotId, kind);
        const repo = hotspotsRepo(trx);
        const removed = await repo.delete(contentId, hotspotId);
        if (!removed) throw new AppError('not_found');
        await deleteUnreferenced(trx, store, contentId, hotspotKeys(removed.files));
        return hotspotListOf(trx, content, contentId, kind);
      });
    },
  };
}

export type HotspotsService = ReturnType<typeof hotspotsService>;

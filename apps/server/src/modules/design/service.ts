import { readFile } from 'node:fs/promises';
import {
  canEditCustomDesign,
  canSeeCustomDesign,
  DEFAULT_DESIGN_COLOURS,
  type DesignAnswer,
  type DesignColours,
  HOTSPOT_LIMITS,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { DesignIcons, StoredDesign, StoredDesignIcon } from '../../db/schema-design.ts';
import type { ReceivedFile } from '../../http/multipart-file.ts';
import type { Media } from '../../platform/media/media.ts';
import type { BlobStore } from '../../platform/storage/blob-store.ts';
import { type CallerContext, enforce, loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { judgedPicture } from '../vehicle-media/image-refusals.ts';
import { mediaUrlOf, storeHotspotIcon } from '../vehicle-media/images.ts';
import { type DesignRow, designRepo } from './repo.ts';

export type DesignIconType = keyof DesignIcons;

/**
 * Custom design (/custom-design/edit): the caller's domain's viewer colours and custom hotspot icons. Read by anyone
 * of a domain that uses hotspots (browser or app), changed by super, admin and master (packages/domain
 * permissions/design.ts). Always the caller's own domain: there is no parameter by which to reach another tenant.
 */
export interface DesignDeps {
  db: Db;
  store: BlobStore;
  media: Media;
}

const iconAnswer = (icon: StoredDesignIcon | undefined) =>
  icon ? { url: mediaUrlOf(icon.key), width: icon.width, height: icon.height } : null;

/** The colours and icons a domain's viewer wears from its stored row (null: it never saved one, the defaults). */
export function wornDesign(stored: StoredDesign | null): Pick<DesignAnswer, 'colours' | 'icons'> {
  const icons = stored?.icons ?? {};
  return {
    colours: { ...DEFAULT_DESIGN_COLOURS, ...(stored?.colours ?? {}) },
    icons: { standard: iconAnswer(icons.standard), sound: iconAnswer(icons.sound), movie: iconAnswer(icons.movie) },
  };
}

function answerOf(row: DesignRow | undefined, canEdit: boolean): DesignAnswer {
  return {
    ...wornDesign(row ?? null),
    updated_at: row ? row.updated_at.toISOString() : null,
    can_edit: canEdit,
  };
}

export function designService({ db, store, media }: DesignDeps) {
  const seen = async (actor: Actor): Promise<CallerContext> => {
    const caller = await loadCaller(db, actor);
    enforce(canSeeCustomDesign(caller.domainOptions));
    return caller;
  };
  const editor = async (actor: Actor): Promise<CallerContext> => {
    const caller = await loadCaller(db, actor);
    enforce(canEditCustomDesign(caller.permission, caller.domainOptions));
    return caller;
  };
  const canEdit = (caller: CallerContext) => canEditCustomDesign(caller.permission, caller.domainOptions).ok;

  /** A change of the row under its lock, in one transaction; `change` answers the new colours and icons. */
  async function change(
    actor: Actor,
    apply: (current: { colours: DesignColours; icons: DesignIcons }) => Promise<{
      colours: DesignColours;
      icons: DesignIcons;
    }>,
  ): Promise<DesignAnswer> {
    const caller = await editor(actor);
    const domainId = caller.permission.domainId;
    const row = await db.transaction().execute(async (trx) => {
      const repo = designRepo(trx);
      const current = await repo.lock(domainId);
      const next = await apply({
        colours: { ...DEFAULT_DESIGN_COLOURS, ...(current?.colours ?? {}) },
        icons: current?.icons ?? {},
      });
      return repo.upsert(domainId, { ...next, updatedBy: caller.permission.id });
    });
    return answerOf(row, true);
  }

  /**
   * Checks a custom icon by the domain's icon rule, as a hotspot's icon and the console's check before sending
   * (PNG by content, the decoding bound, at most 1024 a side), and stores it re-encoded within 160x160.
   */
  async function storedIcon(domainId: string, file: ReceivedFile): Promise<StoredDesignIcon> {
    const data = await readFile(file.path);
    const size = await judgedPicture(media, data, 'icon');
    return storeHotspotIcon(store, media, `designs/${domainId}/icons`, data, size);
  }

  return {
    maxIconBytes: HOTSPOT_LIMITS.iconMaxBytes,

    async get(actor: Actor): Promise<DesignAnswer> {
      const caller = await seen(actor);
      return answerOf(await designRepo(db).get(caller.permission.domainId), canEdit(caller));
    },

    async update(actor: Actor, colours: DesignColours): Promise<DesignAnswer> {
      return change(actor, async (current) => ({ colours, icons: current.icons }));
    },

    async setIcon(actor: Actor, iconType: DesignIconType, file: ReceivedFile): Promise<DesignAnswer> {
      const caller = await editor(actor);
      // Stored before the row that names it; a blob left by a failed save is harmless (same bytes, same key).
      const icon = await storedIcon(caller.permission.domainId, file);
      return change(actor, async (current) => ({ ...current, icons: { ...current.icons, [iconType]: icon } }));
    },

    async removeIcon(actor: Actor, iconType: DesignIconType): Promise<DesignAnswer> {
      return change(actor, async (current) => {
        const icons = { ...current.icons };
        delete icons[iconType];
        return { ...current, icons };
      });
    },
  };
}

export type DesignService = ReturnType<typeof designService>;

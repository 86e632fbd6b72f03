import { checkDomainLogo, checkRoundLogo, checkSplashImage } from '@spinyard/domain';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { stageBlob } from './blobs.ts';
import { fileKeeping, imageRefusal, mediaOf, type TenancyServiceDeps } from './common.ts';
import { domainCore } from './domain-core.ts';
import { tenancyRepo } from './repo.ts';

export type DomainImageKind = 'logo' | 'splash' | 'round_logo';

type StoredFormat = 'png' | 'jpeg';

function published(format: StoredFormat, keyWithoutExtension: string) {
  return format === 'png'
    ? { key: `${keyWithoutExtension}.png`, contentType: 'image/png' }
    : { key: `${keyWithoutExtension}.jpg`, contentType: 'image/jpeg' };
}

/**
 * Picture rules of each domain image and where each is published. Every picture is re-encoded (platform/media); a
 * JPEG stays a JPEG where the rule allows it (photos), a PNG stays a PNG (transparency). The logo's rule only
 * lets PNG through.
 */
const DOMAIN_IMAGES = {
  logo: {
    column: 'logo_key',
    check: checkDomainLogo,
    target: (code: string, format: StoredFormat) => published(format, `images/logos/domain_logo_${code}`),
  },
  splash: {
    column: 'splash_key',
    check: checkSplashImage,
    target: (code: string, format: StoredFormat) => published(format, `images/splash/domain_splash_${code}`),
  },
  round_logo: {
    column: 'round_logo_key',
    check: checkRoundLogo,
    target: (code: string, format: StoredFormat) => published(format, `images/logos/domain_round_logo_${code}`),
  },
} as const;

/** Domain pictures (master): the logo, the splash image and the round logo. */
export function domainImagesService(deps: TenancyServiceDeps) {
  const { db, store } = deps;
  const files = fileKeeping(store, deps.log ?? (() => undefined));
  const media = mediaOf(deps);
  const { asMaster, domainOrThrow, detail } = domainCore(deps);

  return {
    /**
     * Domain pictures: checked by content, re-encoded, written under their published name before the row points
     * to them, and put back as they were if the row update fails.
     */
    async uploadDomainImage(actor: Actor, id: string, kind: DomainImageKind, data: Buffer) {
      await asMaster(actor);
      const spec = DOMAIN_IMAGES[kind];
      const facts = await media.measureImage(data);
      const refused = spec.check(
        { mime: facts.mime, bytes: facts.bytes, width: facts.width ?? 0, height: facts.height ?? 0 },
        'image',
      );
      if (refused.length > 0) throw imageRefusal(refused);
      // Encoded before the transaction: the row stays locked only for the write.
      const format: StoredFormat = facts.mime === 'image/png' ? 'png' : 'jpeg';
      const encoded = await media.reencodeImage(data, { format });

      const result = await files.withStagedFiles((stage) =>
        db.transaction().execute(async (trx) => {
          const r = tenancyRepo(trx);
          const row = await domainOrThrow(r, id, true);
          if (row.status === 'deleting') throw new AppError('domain_deleting');
          const target = spec.target(row.company_code, format);
          stage(await stageBlob(store, target.key, encoded, target.contentType));
          await r.setDomainImage(row.id, spec.column, target.key);
          const previous = row[spec.column];
          return {
            detail: await detail(r, row.id),
            replaced: previous !== null && previous !== target.key ? [previous] : [],
          };
        }),
      );
      await files.removeBlobs(result.replaced);
      return result.detail;
    },

    async removeDomainImage(actor: Actor, id: string, kind: DomainImageKind) {
      await asMaster(actor);
      const column = DOMAIN_IMAGES[kind].column;
      const result = await db.transaction().execute(async (trx) => {
        const r = tenancyRepo(trx);
        const row = await domainOrThrow(r, id, true);
        if (row.status === 'deleting') throw new AppError('domain_deleting');
        await r.setDomainImage(row.id, column, null);
        return { detail: await detail(r, row.id), key: row[column] };
      });
      if (result.key) await files.removeBlobs([result.key]);
      return result.detail;
    },
  };
}

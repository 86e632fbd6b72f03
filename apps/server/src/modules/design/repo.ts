import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomDesignsTable, DesignIcons } from '../../db/schema-design.ts';

export type DesignRow = Selectable<CustomDesignsTable>;

/** SQL of the custom_designs table, which only this area writes. Every query names the domain. */
export function designRepo(db: Db) {
  return {
    async get(domainId: string): Promise<DesignRow | undefined> {
      return db.selectFrom('custom_designs').selectAll().where('domain_id', '=', domainId).executeTakeFirst();
    },

    /** The row under a lock, so two saves of one domain's icons do not lose one another's change. */
    async lock(domainId: string): Promise<DesignRow | undefined> {
      return db
        .selectFrom('custom_designs')
        .selectAll()
        .where('domain_id', '=', domainId)
        .forUpdate()
        .executeTakeFirst();
    },

    async upsert(
      domainId: string,
      values: { colours: Record<string, string>; icons: DesignIcons; updatedBy: string },
    ): Promise<DesignRow> {
      const row = {
        colours: JSON.stringify(values.colours),
        icons: JSON.stringify(values.icons),
        updated_by: values.updatedBy,
        updated_at: new Date(),
      };
      return db
        .insertInto('custom_designs')
        .values({ domain_id: domainId, ...row })
        .onConflict((oc) => oc.column('domain_id').doUpdateSet(row))
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

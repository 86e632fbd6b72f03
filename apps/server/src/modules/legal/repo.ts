import type { LegalKind, LegalTexts } from '@spinyard/domain';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LegalDocumentsTable } from '../../db/schema-legal.ts';

export type LegalDocumentRow = Selectable<LegalDocumentsTable> & { author_email: string | null };
export type LegalAcceptance = { kind: LegalKind; version: number; accepted_at: Date; ip: string | null };

const textColumns = (texts: LegalTexts) => ({
  text_ja: texts.ja,
  text_en: texts.en,
  text_fr: texts.fr,
  text_pt: texts.pt,
});

export function textsOf(row: Selectable<LegalDocumentsTable>): LegalTexts {
  return { ja: row.text_ja, en: row.text_en, fr: row.text_fr, pt: row.text_pt };
}

/** SQL of legal_documents and legal_acceptances, which only this area writes. Every query names the domain. */
export function legalRepo(db: Db) {
  const documents = () =>
    db
      .selectFrom('legal_documents as l')
      .leftJoin('users as u', 'u.id', 'l.author_id')
      .selectAll('l')
      .select('u.email as author_email');
  /** The rows of one text of the domain: its draft and its versions. */
  const liveUsers = () => db.selectFrom('users').where('deleted_at', 'is', null);
  const textRows = (domainId: string, kind: LegalKind) =>
    db.selectFrom('legal_documents').where('domain_id', '=', domainId).where('kind', '=', kind);
  return {
    /** The newest published version of each kind of the domain (kinds never published are absent). */
    async current(domainId: string): Promise<Selectable<LegalDocumentsTable>[]> {
      return db
        .selectFrom('legal_documents')
        .selectAll()
        .distinctOn('kind')
        .where('domain_id', '=', domainId)
        .where('version', 'is not', null)
        .orderBy('kind')
        .orderBy('version', 'desc')
        .execute();
    },

    /** Every row of one kind of the domain, the draft first, then the versions newest first. */
    async history(domainId: string, kind: LegalKind): Promise<LegalDocumentRow[]> {
      return documents()
        .where('l.domain_id', '=', domainId)
        .where('l.kind', '=', kind)
        .orderBy(sql`l.version DESC NULLS FIRST`)
        .execute();
    },

    async saveDraft(domainId: string, kind: LegalKind, texts: LegalTexts, authorId: string): Promise<void> {
      const now = new Date();
      await db
        .insertInto('legal_documents')
        .values({ domain_id: domainId, kind, ...textColumns(texts), author_id: authorId, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['domain_id', 'kind'])
            .where('version', 'is', null)
            .doUpdateSet({ ...textColumns(texts), author_id: authorId, updated_at: now }),
        )
        .execute();
    },

    /** The draft under a lock: two publishers of one text wait for one another, the second finds no draft. */
    async lockDraft(domainId: string, kind: LegalKind): Promise<Selectable<LegalDocumentsTable> | undefined> {
      return textRows(domainId, kind).selectAll().where('version', 'is', null).forUpdate().executeTakeFirst();
    },

    async publish(id: string, domainId: string, kind: LegalKind, authorId: string, at: Date): Promise<number> {
      const latest = await textRows(domainId, kind)
        .select((eb) => eb.fn.max('version').as('max'))
        .executeTakeFirst();
      const version = (latest?.max ?? 0) + 1;
      await db
        .updateTable('legal_documents')
        .set({ version, published_at: at, author_id: authorId, updated_at: at })
        .where('id', '=', id)
        .where('version', 'is', null)
        .execute();
      return version;
    },

    /** The versions the user accepted on the domain, the newest of each kind first. */
    async acceptances(userId: string, domainId: string): Promise<LegalAcceptance[]> {
      return db
        .selectFrom('legal_acceptances')
        .select(['kind', 'version', 'accepted_at', 'ip'])
        .where('user_id', '=', userId)
        .where('domain_id', '=', domainId)
        .orderBy('version', 'desc')
        .execute();
    },

    /** Records acceptances; one already recorded stays as it was (its first time). */
    async accept(
      userId: string,
      domainId: string,
      items: readonly { kind: LegalKind; version: number }[],
      at: Date,
      ip: string | null,
    ): Promise<void> {
      if (items.length === 0) return;
      await db
        .insertInto('legal_acceptances')
        .values(
          items.map(({ kind, version }) => ({
            user_id: userId,
            domain_id: domainId,
            kind,
            version,
            accepted_at: at,
            ip,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'domain_id', 'kind', 'version']).doNothing())
        .execute();
    },

    /** The domain a request's host names (active), or the product's own (its master's) for any other host. */
    async domainForHost(host: string): Promise<string | undefined> {
      const own = await db
        .selectFrom('domains')
        .select('id')
        .where(sql<string>`lower(host)`, '=', host.toLowerCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
      return own?.id ?? (await this.productDomain());
    },

    async productDomain(): Promise<string | undefined> {
      const row = await liveUsers()
        .select('domain_id')
        .where('privilege_type', '=', 'master')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.domain_id;
    },

    /** The domain's service name (the default texts speak of it), undefined when there is no such domain. */
    async serviceName(domainId: string): Promise<string | undefined> {
      const row = await db.selectFrom('domains').select('service_name').where('id', '=', domainId).executeTakeFirst();
      return row?.service_name;
    },

    /** The user's domain and role (for whom the texts are asked), undefined when gone. */
    async userOf(userId: string) {
      return liveUsers().select(['id', 'domain_id', 'privilege_type']).where('id', '=', userId).executeTakeFirst();
    },
  };
}

export type LegalRepo = ReturnType<typeof legalRepo>;

import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MovieMailsTable } from '../../db/schema.ts';
import { type ContentScope, visibleContentsSql } from '../../db/visible-contents.ts';

export type MovieMailRow = Selectable<MovieMailsTable>;

/** A mail as the history shows it: its row with the vehicle's and the sender's names. */
export type MovieMailListRow = MovieMailRow & {
  maker: string;
  car_name: string;
  management_id: string;
  sender_name: string | null;
};

export interface NewMovieMail {
  content_id: string;
  domain_id: string;
  sender_id: string;
  recipients: string[];
  cc: string[];
  subject: string;
  body: string;
  token_hash: string;
  expires_at: Date;
  sent_at: Date;
}

/** The movie-mail module's table (movie_mails); contents, users and domains are only read. */
export function movieMailRepo(db: Db) {
  const listed = () =>
    db
      .selectFrom('movie_mails as m')
      .innerJoin('contents as c', 'c.id', 'm.content_id')
      .leftJoin('users as u', 'u.id', 'm.sender_id')
      .selectAll('m')
      .select(['c.maker', 'c.car_name', 'c.management_id', 'u.name as sender_name'])
      .where('m.deleted_at', 'is', null);

  return {
    async insert(mail: NewMovieMail): Promise<MovieMailRow> {
      const { sent_at, ...values } = mail;
      return db
        .insertInto('movie_mails')
        .values({ ...values, last_sent_at: sent_at, created_at: sent_at })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** One page of the mails of the vehicles in `scope`, newest first. */
    async page(scope: ContentScope, filter: { contentId?: string | undefined; limit: number; offset: number }) {
      let query = listed().where(visibleContentsSql(scope, 'c'));
      if (filter.contentId) query = query.where('m.content_id', '=', filter.contentId);
      const [rows, count] = await Promise.all([
        query
          .orderBy('m.last_sent_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows: rows as MovieMailListRow[], total: Number(count?.n ?? 0) };
    },

    /** A mail not deleted, with the names the history shows; the caller checks it sees the vehicle. */
    async find(id: string): Promise<MovieMailListRow | undefined> {
      return (await listed().where('m.id', '=', id).executeTakeFirst()) as MovieMailListRow | undefined;
    },

    /** The mail a buyer's link names (by its token's digest), if not deleted. */
    async byTokenHash(tokenHash: string): Promise<MovieMailRow | undefined> {
      return db
        .selectFrom('movie_mails')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The vehicle behind a buyer's link: its publication state and names. */
    async contentOf(contentId: string) {
      return db
        .selectFrom('contents')
        .select(['publication', 'maker', 'car_name', 'management_id'])
        .where('id', '=', contentId)
        .executeTakeFirst();
    },

    /** Deleted from the history: its link stops working at once. */
    async softDelete(id: string, at: Date): Promise<void> {
      await db.updateTable('movie_mails').set({ deleted_at: at }).where('id', '=', id).execute();
    },

    /** Who sends: their name and address, their domain's host and service name (the link's origin, the mail's brand). */
    async sender(userId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('domains as d', 'd.id', 'u.domain_id')
        .leftJoin('companies as co', 'co.id', 'u.company_id')
        .select(['u.name', 'u.email', 'd.host as domain_host', 'd.service_name', 'co.name as company_name'])
        .where('u.id', '=', userId)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type MovieMailSender = NonNullable<Awaited<ReturnType<ReturnType<typeof movieMailRepo>['sender']>>>;

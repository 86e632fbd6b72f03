import type { Db } from '../../db/database.ts';
import type { CardRow } from './repo.ts';

/** The gateway's customers and the saved cards of the accounts (billing's tables; part of billingRepo). */
export function cardsRepo(db: Db) {
  const customer = (userId: string) => db.selectFrom('payment_customers').selectAll().where('user_id', '=', userId);
  /** The cards a user has not deleted. */
  const cards = (userId: string) =>
    db.selectFrom('payment_cards').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
  return {
    customerOf(userId: string) {
      return customer(userId).executeTakeFirst();
    },

    /** The first customer of a user wins; a concurrent second insert finds it (ON CONFLICT). */
    async saveCustomer(userId: string, gateway: string, ref: string) {
      await db
        .insertInto('payment_customers')
        .values({ user_id: userId, gateway, customer_ref: ref })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return customer(userId).executeTakeFirstOrThrow();
    },

    cardsOf(userId: string): Promise<CardRow[]> {
      return cards(userId).orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
    },

    defaultCard(userId: string): Promise<CardRow | undefined> {
      return cards(userId).where('is_default', '=', true).executeTakeFirst();
    },

    /** The new card becomes the default: the old default is cleared first (one default per user, by index). */
    async insertDefaultCard(
      card: Pick<CardRow, 'user_id' | 'gateway' | 'card_ref' | 'brand' | 'last4' | 'exp_month' | 'exp_year'>,
    ): Promise<CardRow> {
      await db
        .updateTable('payment_cards')
        .set({ is_default: false })
        .where('user_id', '=', card.user_id)
        .where('is_default', '=', true)
        .execute();
      return db
        .insertInto('payment_cards')
        .values({ ...card, is_default: true })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A rolled-back registration's cards: removed, so nothing is ever charged on them. */
    async deleteCards(userId: string): Promise<void> {
      await db
        .updateTable('payment_cards')
        .set({ deleted_at: new Date(), is_default: false })
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async markExpiryNotice(cardId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('payment_cards')
        .set({ expiry_notice_sent_at: at })
        .where('id', '=', cardId)
        .where('expiry_notice_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

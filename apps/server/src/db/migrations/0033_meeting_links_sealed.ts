import { type Kysely, sql } from 'kysely';

// Meeting links kept sealed beside their hash (AES-256-GCM under a key of the server's shared secret), so asking for
// a link again, or editing an invitation, hands out the SAME link: before this, only the hash was kept and each ask
// minted a new one, which silently broke the link a dealer had already mailed or pasted into a chat. Rows written
// before this have no sealed link; their next ask mints one, as before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE web_negotiations ADD COLUMN host_token_sealed text;
    ALTER TABLE web_negotiation_invitees ADD COLUMN token_sealed text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE web_negotiations DROP COLUMN host_token_sealed;
    ALTER TABLE web_negotiation_invitees DROP COLUMN token_sealed;
  `.execute(db);
}

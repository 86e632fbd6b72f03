import { type Kysely, sql } from 'kysely';

// Web negotiations (issue 21, module `web-negotiation`): the meetings, their reserved vehicles, invitees with their
// guest links, documents, and each user's business card for meetings. Link tokens are kept only as SHA-256 hashes.
// A meeting's state is derived from its times (packages/domain web-negotiation.ts): joined_at and ended_at are the
// facts the call reports; the room's status is what the meetings list shows.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE web_negotiations (
      id bigserial PRIMARY KEY,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      host_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      starts_at timestamptz NOT NULL,
      duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
      time_zone text NOT NULL DEFAULT 'Asia/Tokyo',
      participants smallint NOT NULL CHECK (participants IN (2, 3, 4)),
      memo text NOT NULL DEFAULT '',
      evaluation jsonb NOT NULL DEFAULT '{}'::jsonb,
      room_status text NOT NULL DEFAULT 'ready' CHECK (room_status IN ('ready', 'open', 'closed', 'deleted')),
      joined_at timestamptz,
      ended_at timestamptz,
      end_reason text,
      -- The host's link: a new one each time the host asks (only its hash is kept).
      host_token_hash text UNIQUE,
      -- The calendar invitation's SEQUENCE: one more on every change the invitees are told about.
      ics_sequence integer NOT NULL DEFAULT 0,
      -- When the reminders of the current schedule went (null again when the start moves).
      reminded_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX web_negotiations_domain_start ON web_negotiations (domain_id, starts_at) WHERE deleted_at IS NULL;

    CREATE TABLE web_negotiation_vehicles (
      negotiation_id bigint NOT NULL REFERENCES web_negotiations(id) ON DELETE CASCADE,
      content_id bigint NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
      position integer NOT NULL,
      PRIMARY KEY (negotiation_id, content_id)
    );
    CREATE INDEX web_negotiation_vehicles_content ON web_negotiation_vehicles (content_id);

    CREATE TABLE web_negotiation_invitees (
      id bigserial PRIMARY KEY,
      negotiation_id bigint NOT NULL REFERENCES web_negotiations(id) ON DELETE CASCADE,
      position integer NOT NULL,
      name text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      -- Digits only, for the "no phone twice" rule whatever the hyphens.
      phone_key text NOT NULL DEFAULT '',
      time_zone text,
      language text,
      token_hash text NOT NULL UNIQUE,
      invited_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (email <> '' OR phone <> '')
    );
    CREATE UNIQUE INDEX web_negotiation_invitees_email ON web_negotiation_invitees (negotiation_id, lower(email))
      WHERE email <> '';
    CREATE UNIQUE INDEX web_negotiation_invitees_phone ON web_negotiation_invitees (negotiation_id, phone_key)
      WHERE phone_key <> '';

    CREATE TABLE web_negotiation_documents (
      id bigserial PRIMARY KEY,
      negotiation_id bigint NOT NULL REFERENCES web_negotiations(id) ON DELETE CASCADE,
      kind text NOT NULL DEFAULT 'document' CHECK (kind IN ('document', 'business_card')),
      file_name text NOT NULL,
      content_type text NOT NULL,
      file_key text NOT NULL,
      bytes bigint NOT NULL,
      uploaded_by bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX web_negotiation_documents_meeting ON web_negotiation_documents (negotiation_id);
    -- "Business card image: only one may be uploaded" (second document section 3), per meeting.
    CREATE UNIQUE INDEX web_negotiation_documents_one_card ON web_negotiation_documents (negotiation_id)
      WHERE kind = 'business_card';

    -- The user's own business card, shown to guests of every meeting the user hosts (/meeting-documents/user-profile).
    CREATE TABLE meeting_profile_cards (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      file_name text NOT NULL,
      content_type text NOT NULL,
      file_key text NOT NULL,
      bytes bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS meeting_profile_cards;
    DROP TABLE IF EXISTS web_negotiation_documents;
    DROP TABLE IF EXISTS web_negotiation_invitees;
    DROP TABLE IF EXISTS web_negotiation_vehicles;
    DROP TABLE IF EXISTS web_negotiations;
  `.execute(db);
}

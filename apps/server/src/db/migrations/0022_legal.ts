import { type Kysely, sql } from 'kysely';

// Legal texts (issue 19): each domain's terms of service, privacy policy and personal-information notice, and who
// accepted which version when. Both tables are written by modules/legal only.
//
// A document row is a draft while `version` and `published_at` are null (at most one draft per domain and kind);
// publishing numbers it (1, 2...) and from then on the row is never changed: the trigger refuses any update or
// delete of a published row, so "the version a user accepted" always names the words they read. A domain's deletion
// takes its rows with it (its users, whose acceptances these are, go too).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE legal_documents (
      id bigserial PRIMARY KEY,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('terms', 'privacy', 'personal_information')),
      version integer CHECK (version >= 1),
      text_ja text NOT NULL DEFAULT '',
      text_en text NOT NULL DEFAULT '',
      text_fr text NOT NULL DEFAULT '',
      text_pt text NOT NULL DEFAULT '',
      author_id bigint REFERENCES users(id) ON DELETE SET NULL,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((version IS NULL) = (published_at IS NULL)),
      UNIQUE (domain_id, kind, version)
    );
    CREATE UNIQUE INDEX legal_documents_one_draft ON legal_documents (domain_id, kind) WHERE version IS NULL;

    CREATE FUNCTION legal_documents_published_frozen() RETURNS trigger AS $$
    BEGIN
      -- Only the author may change on a published row: to null, when that user is deleted (ON DELETE SET NULL).
      IF OLD.version IS NOT NULL AND (NEW.domain_id, NEW.kind, NEW.version, NEW.text_ja, NEW.text_en, NEW.text_fr,
          NEW.text_pt, NEW.published_at) IS DISTINCT FROM (OLD.domain_id, OLD.kind, OLD.version, OLD.text_ja,
          OLD.text_en, OLD.text_fr, OLD.text_pt, OLD.published_at) THEN
        RAISE EXCEPTION 'a published legal text is never changed' USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER legal_documents_frozen BEFORE UPDATE ON legal_documents
      FOR EACH ROW EXECUTE FUNCTION legal_documents_published_frozen();

    CREATE TABLE legal_acceptances (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('terms', 'privacy', 'personal_information')),
      -- 0: the product's default text, shown while the domain had published none of its own.
      version integer NOT NULL CHECK (version >= 0),
      accepted_at timestamptz NOT NULL,
      ip text,
      UNIQUE (user_id, domain_id, kind, version)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS legal_acceptances;
    DROP TABLE IF EXISTS legal_documents;
    DROP FUNCTION IF EXISTS legal_documents_published_frozen();
  `.execute(db);
}

import type { Generated } from 'kysely';
import type { Json, Nullable } from './columns.ts';

// The publishing table of migration 0016 (issue 10), apart from schema.ts so each file stays readable.

/** A vehicle's public address (short id) and its current published manifest, if built. */
export interface PublicationsTable {
  content_id: string;
  short_id: string;
  /** Origin the public URLs were made for (the configured public URL, else the request's). */
  base_url: string;
  token_secret: string;
  manifest_key: Nullable<string>;
  manifest_sha256: Nullable<string>;
  previous_manifest_key: Nullable<string>;
  manifest_keys: Json<string[]>;
  previous_manifest_keys: Json<string[]>;
  built_at: Nullable<Date>;
  built_by_user_id: Nullable<string>;
  created_at: Generated<Date>;
}

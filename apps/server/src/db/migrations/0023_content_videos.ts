import { type Kysely, sql } from 'kysely';

// Content videos (issue 20): the wizard's settings and the three rendered movies of a vehicle (module `movies`),
// the audio library (module `audio-library`), movie mails (module `movie-mail`) and the video-sharing account and
// uploads (module `video-sharing`). A vehicle's rows go with it; files are blobs the owners delete through the
// vehicle-media share (as every media area does).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_movie_settings (
      content_id bigint PRIMARY KEY REFERENCES contents(id) ON DELETE CASCADE,
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      -- The opening image as stored (a JPEG of at most 1920x1080), with its pixel size.
      opening_image_key text,
      opening_image_width integer,
      opening_image_height integer,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE content_movies (
      id bigserial PRIMARY KEY,
      content_id bigint NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('slider', 'obvr', 'tour')),
      status text NOT NULL DEFAULT 'rendering' CHECK (status IN ('rendering', 'ready', 'failed')),
      -- What the movie was made from (settings and media): the same inputs make the same movie, so a retried or
      -- repeated render with unchanged inputs keeps the files, and a change marks the movie stale.
      inputs_hash text NOT NULL,
      file_1080_key text,
      file_720_key text,
      poster_key text,
      width integer,
      height integer,
      bytes_1080 bigint,
      bytes_720 bigint,
      duration_seconds real,
      error_code text,
      rendered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (content_id, kind)
    );

    CREATE TABLE audio_tracks (
      id bigserial PRIMARY KEY,
      -- null: the product's own library (generated at first use), shown to every domain.
      domain_id bigint REFERENCES domains(id) ON DELETE CASCADE,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      source text NOT NULL CHECK (source IN ('library', 'upload')),
      -- The generated track's name in the library's catalogue: generating again finds it.
      library_key text UNIQUE,
      title text NOT NULL,
      genre text NOT NULL DEFAULT '',
      mood text NOT NULL DEFAULT '',
      tempo_bpm integer,
      duration_seconds real NOT NULL,
      format text NOT NULL,
      file_key text NOT NULL,
      bytes bigint NOT NULL,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((source = 'library') = (domain_id IS NULL)),
      CHECK ((source = 'library') = (library_key IS NOT NULL))
    );
    CREATE INDEX audio_tracks_domain ON audio_tracks (domain_id) WHERE deleted_at IS NULL;

    CREATE TABLE movie_mails (
      id bigserial PRIMARY KEY,
      content_id bigint NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
      domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      sender_id bigint REFERENCES users(id) ON DELETE SET NULL,
      recipients text[] NOT NULL,
      cc text[] NOT NULL DEFAULT '{}',
      subject text NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      -- The movie link's secret, kept hashed: the link is /movie/{token}.
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      sent_count integer NOT NULL DEFAULT 1,
      last_sent_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX movie_mails_domain_sent ON movie_mails (domain_id, last_sent_at DESC) WHERE deleted_at IS NULL;

    CREATE TABLE video_sharing_accounts (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL DEFAULT 'youtube',
      -- The OAuth tokens, sealed (AES-256-GCM with the server's key): never stored in the clear.
      tokens_sealed text NOT NULL,
      scopes text NOT NULL DEFAULT '',
      channel_id text,
      channel_title text,
      connected_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE video_site_videos (
      id bigserial PRIMARY KEY,
      content_id bigint NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'uploading', 'processing', 'done', 'failed')),
      -- What is uploaded: the vehicle's content movie (a kind) or one of its original videos.
      source_kind text NOT NULL,
      source_id bigint,
      -- The resumable session's address at the service, and how far it got.
      session_url text,
      bytes_total bigint,
      bytes_sent bigint NOT NULL DEFAULT 0,
      video_id text CHECK (video_id ~ '^[A-Za-z0-9_-]{11}$'),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      playlist_id text,
      language text,
      category_id text,
      tags text[] NOT NULL DEFAULT '{}',
      audience text NOT NULL DEFAULT 'not_made_for_kids' CHECK (audience IN ('made_for_kids', 'not_made_for_kids')),
      privacy text NOT NULL DEFAULT 'private' CHECK (privacy IN ('private', 'unlisted', 'public')),
      thumbnail_key text,
      position integer NOT NULL DEFAULT 0,
      error_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX video_site_videos_content ON video_site_videos (content_id, position) WHERE deleted_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS video_site_videos;
    DROP TABLE IF EXISTS video_sharing_accounts;
    DROP TABLE IF EXISTS movie_mails;
    DROP TABLE IF EXISTS audio_tracks;
    DROP TABLE IF EXISTS content_movies;
    DROP TABLE IF EXISTS content_movie_settings;
  `.execute(db);
}

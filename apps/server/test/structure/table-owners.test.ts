import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, SERVER_SRC, sourceFiles, withoutLineComments } from './source.ts';

/**
 * One owner per table (ARCHITECTURE.md, "repo.ts: SQL for this area's tables only; no other area writes them").
 * Each table is written by exactly one area, from that area's repository files; other areas call the owner's
 * service. A table added to the schema must be given its owner here before anything may write it.
 */
const TABLE_OWNERS: Readonly<Record<string, string>> = {
  domains: 'tenancy',
  companies: 'tenancy',
  users: 'users',
  groups: 'users',
  auth_tokens: 'auth',
  one_time_tokens: 'auth',
  two_step_challenges: 'auth',
  login_attempts: 'auth',
  throttle_events: 'auth',
  contents: 'contents',
  content_processes: 'processes',
  uploads: 'uploads',
  exterior_groups: 'exterior',
  exterior_frames: 'exterior',
  exterior_settings: 'exterior',
  movie_backups: 'exterior',
  interior_scenes: 'interior',
  slider_items: 'slider',
  original_movies: 'slider',
  rider_view_images: 'slider',
  publications: 'publishing',
  statistic_counts: 'statistics',
  statistic_visitors: 'statistics',
  statistic_secrets: 'statistics',
  hotspots: 'hotspots',
  custom_designs: 'design',
  media_secrets: 'vehicle-media',
  plans: 'plans',
  payment_customers: 'billing',
  payment_cards: 'billing',
  subscriptions: 'billing',
  charges: 'billing',
  billing_events: 'billing',
  invoice_numbers: 'invoices',
  invoices: 'invoices',
  legal_documents: 'legal',
  legal_acceptances: 'legal',
  content_movie_settings: 'movies',
  content_movies: 'movies',
  audio_tracks: 'audio-library',
  movie_mails: 'movie-mail',
  video_sharing_accounts: 'video-sharing',
  listing_accounts: 'listing',
  listing_links: 'listing',
  listing_events: 'listing',
  video_site_videos: 'video-sharing',
  web_negotiations: 'web-negotiation',
  web_negotiation_vehicles: 'web-negotiation',
  web_negotiation_invitees: 'web-negotiation',
  web_negotiation_documents: 'web-negotiation',
  meeting_profile_cards: 'web-negotiation',
};

/**
 * Tables a platform adapter keeps for itself, not an area's: each written only from the one file named. The local
 * card gateway stands in for a payment service's own side (issue 19), so no module writes its tables.
 */
const PLATFORM_TABLE_WRITERS: Readonly<Record<string, string>> = {
  local_gateway_customers: 'platform/payments/local-repo.ts',
  local_gateway_cards: 'platform/payments/local-repo.ts',
  local_gateway_charges: 'platform/payments/local-repo.ts',
  local_gateway_secrets: 'platform/payments/local-repo.ts',
};

export interface TableWrite {
  /** The table written, or `?` when the call names it through a variable (which the rule cannot follow). */
  table: string;
  statement: 'insert' | 'update' | 'delete' | 'merge';
  line: number;
}

const BUILDER_WRITE =
  /\b(insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(\s*(?:(['"`])([A-Za-z_][\w.]*)(?:\s+as\s+\w+)?\2|([^'"`\s)]))/g;
const RAW_SQL = /\bsql(?:\s*<[^`]*?>)?\s*`([^`]*)`|\bsql\.raw\(\s*(['"`])([^'"`]*)\2/g;
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?"?([A-Za-z_][\w.]*)"?/gi;

const STATEMENT: Record<string, TableWrite['statement']> = {
  insertinto: 'insert',
  replaceinto: 'insert',
  updatetable: 'update',
  deletefrom: 'delete',
  mergeinto: 'merge',
  update: 'update',
  'delete from': 'delete',
  'insert into': 'insert',
  'merge into': 'merge',
};

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Table of a qualified name: `public.users` is `users`. */
const bare = (name: string) => name.split('.').at(-1) ?? name;

/** Every write in a source text: Kysely's builders and the statements of raw `sql` templates. */
export function tableWrites(source: string): TableWrite[] {
  const text = withoutLineComments(source);
  const writes: TableWrite[] = [];
  for (const m of text.matchAll(BUILDER_WRITE)) {
    const statement = STATEMENT[m[1]!.toLowerCase()]!;
    writes.push({ table: m[3] ? bare(m[3]) : '?', statement, line: lineAt(text, m.index) });
  }
  for (const m of text.matchAll(RAW_SQL)) {
    const body = m[1] ?? m[3] ?? '';
    for (const w of body.matchAll(RAW_WRITE)) {
      const statement = STATEMENT[w[1]!.toLowerCase().replace(/\s+/g, ' ')]!;
      // `update` also opens `ON CONFLICT ... DO UPDATE SET` and `FOR UPDATE`: neither names a table.
      if (statement === 'update' && /^(set|of|nowait|skip)$/i.test(w[2]!)) continue;
      if (statement === 'update' && /\b(do|for|no\s+key)\s*$/i.test(body.slice(0, w.index))) continue;
      writes.push({ table: bare(w[2]!), statement, line: lineAt(text, m.index + w.index) });
    }
  }
  return writes;
}

/** Where a write of `table` may stand: a repository file (`repo.ts`, `*-repo.ts`, `repo/*`) of its owner. */
export function mayWrite(filePath: string, table: string): boolean {
  const platformWriter = PLATFORM_TABLE_WRITERS[table];
  if (platformWriter) return filePath === platformWriter;
  const owner = TABLE_OWNERS[table];
  if (!owner || areaOf(filePath) !== owner) return false;
  return /(^|\/|-)repo(\.ts$|\/)/.test(filePath.slice(`modules/${owner}/`.length));
}

/** The area a file under `modules/` belongs to; a file at the root of `modules/` belongs to none (`(root)`). */
const ownerOf = (filePath: string): string => areaOf(filePath) ?? '(root)';

/**
 * Value imports of an area's repository from any other file under `modules/` (a way around its owner's service):
 * from another area, or from the root of `modules/`, at any depth of relative path.
 */
export function foreignRepoImports(filePath: string, source: string): string[] {
  if (!filePath.startsWith('modules/')) return [];
  const found: string[] = [];
  for (const m of withoutLineComments(source).matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
    if (m[1]) continue;
    const spec = m[2]!;
    if (!spec.startsWith('.')) continue;
    const target = path.posix.join(path.posix.dirname(filePath), spec);
    const area = areaOf(target);
    if (area && area !== ownerOf(filePath) && /(^|\/|-)repo(\.ts$|\/)/.test(target.slice(`modules/${area}/`.length))) {
      found.push(spec);
    }
  }
  return found;
}

/** The tables of the database interface in db/schema.ts. */
function schemaTables(): string[] {
  const schema = readFileSync(`${SERVER_SRC}db/schema.ts`, 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!);
}

const files = sourceFiles().filter((f) => !f.path.startsWith('db/migrations/'));

describe('one owner per table', () => {
  it('gives every table of the schema exactly one owning area', () => {
    const tables = schemaTables();
    expect(tables.length).toBeGreaterThan(5);
    expect(tables.filter((t) => !TABLE_OWNERS[t] === !PLATFORM_TABLE_WRITERS[t])).toEqual([]);
    const named = [...Object.keys(TABLE_OWNERS), ...Object.keys(PLATFORM_TABLE_WRITERS)];
    expect(named.filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('finds the writes it is meant to find (the scanner itself)', () => {
    const sample = [
      "await db.insertInto('users').values(v).execute();",
      "db.updateTable('groups as g').set({ name })",
      'db\n  .deleteFrom(\n    "auth_tokens")',
      'db.deleteFrom(tableName)',
      'await sql`DELETE FROM contents WHERE domain_id = 1`.execute(db);',
      'sql<number>`update public.companies set name = 2`',
      'sql`insert into x (a) values (1) on conflict (a) do update set a = 2`',
      'sql`select * from domains for update`',
      "// db.insertInto('domains') in a comment is prose",
      "db.selectFrom('users').select('id')",
    ].join('\n');
    expect(tableWrites(sample).map((w) => `${w.statement} ${w.table}`)).toEqual([
      'insert users',
      'update groups',
      'delete auth_tokens',
      'delete ?',
      'delete contents',
      'update companies',
      'insert x',
    ]);
    expect(mayWrite('modules/users/repo.ts', 'users')).toBe(true);
    expect(mayWrite('modules/users/groups-repo.ts', 'groups')).toBe(true);
    expect(mayWrite('modules/users/service.ts', 'users')).toBe(false);
    expect(mayWrite('modules/auth/repo.ts', 'users')).toBe(false);
    expect(mayWrite('modules/users/repo.ts', 'no_such_table')).toBe(false);
    expect(mayWrite('platform/payments/local-repo.ts', 'local_gateway_charges')).toBe(true);
    expect(mayWrite('platform/payments/local-gateway.ts', 'local_gateway_charges')).toBe(false);
    expect(mayWrite('modules/billing/repo.ts', 'local_gateway_charges')).toBe(false);
    expect(mayWrite('platform/payments/local-repo.ts', 'charges')).toBe(false);
    expect(foreignRepoImports('modules/profile/service.ts', "import { authRepo } from '../auth/repo.ts';")).toEqual([
      '../auth/repo.ts',
    ]);
    expect(foreignRepoImports('modules/profile/x.ts', "import type { AuthRepo } from '../auth/repo.ts';")).toEqual([]);
    expect(foreignRepoImports('modules/users/x.ts', "import { usersRepo } from './repo.ts';")).toEqual([]);
    // Every file under modules/ is covered: a file at its root, and a folder inside an area.
    expect(foreignRepoImports('modules/jobs.ts', "import { usersRepo } from './users/repo.ts';")).toEqual([
      './users/repo.ts',
    ]);
    expect(
      foreignRepoImports(
        'modules/users/sub/x.ts',
        "import { r } from '../../auth/repo/tokens.ts';\nimport { u } from '../repo.ts';",
      ),
    ).toEqual(['../../auth/repo/tokens.ts']);
  });

  it('writes each table only from its owner’s repository', () => {
    const misplaced = files.flatMap((f) =>
      tableWrites(f.text)
        .filter((w) => !mayWrite(f.path, w.table))
        .map((w) => `${f.path}:${w.line} ${w.statement} ${w.table} (owner: ${TABLE_OWNERS[w.table] ?? 'none'})`),
    );
    expect(misplaced).toEqual([]);
    // The scan sees the code at all: every owner's repository writes something (an owner named before its module
    // folder exists, as a new area's tables are while it is being built, is not yet asked).
    const areaFiles = files.filter((f) => areaOf(f.path) !== undefined);
    const owners = new Set(areaFiles.flatMap((f) => (tableWrites(f.text).length > 0 ? [areaOf(f.path)] : [])));
    const present = new Set(files.map((f) => areaOf(f.path)));
    const named = [...new Set(Object.values(TABLE_OWNERS))].filter((owner) => present.has(owner));
    expect([...owners].sort()).toEqual(named.sort());
    // Each platform writer writes every table it is named for.
    for (const [table, writer] of Object.entries(PLATFORM_TABLE_WRITERS)) {
      const text = files.find((f) => f.path === writer)?.text ?? '';
      expect(
        tableWrites(text).map((w) => w.table),
        `${writer} writes ${table}`,
      ).toContain(table);
    }
  });

  it('lets no area reach into another area’s repository (it calls that area’s service)', () => {
    const reaching = files.flatMap((f) => foreignRepoImports(f.path, f.text).map((spec) => `${f.path} -> ${spec}`));
    expect(reaching).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { sourceFiles, withoutLineComments } from './source.ts';

/**
 * ARCHITECTURE.md: routes parse and call a service, services reach the database only through their area's
 * repository. So inside modules/ a query is built in repository files only (`repo.ts`, `*-repo.ts`, `repo/`).
 */
const REPOSITORY_FILE = /(^|\/|-)repo(\.ts$|\/)/;

/** The health check's `SELECT 1` is the check itself, not a query of an area. */
const EXEMPT = new Set(['modules/health/routes.ts']);

/** Kysely's query builders and the raw `sql` tag, as they appear in code. */
export function queriesIn(source: string): string[] {
  const text = withoutLineComments(source);
  const found: string[] = [];
  const builders = /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(/g;
  for (const m of text.matchAll(builders)) found.push(m[1]!);
  for (const m of text.matchAll(/\bsql(\s*<[^`]*?>)?\s*`|\bsql\.(raw|ref|table|id|lit|join)\(/g)) {
    found.push(m[2] ? `sql.${m[2]}` : 'sql`…`');
  }
  return found;
}

describe('queries only in repositories', () => {
  it('recognises queries (the scanner itself)', () => {
    expect(queriesIn("db.selectFrom('users').selectAll()")).toEqual(['selectFrom']);
    expect(queriesIn('trx\n  .updateTable("groups")')).toEqual(['updateTable']);
    expect(queriesIn('await sql`select 1`.execute(db);')).toEqual(['sql`…`']);
    expect(queriesIn('const n = sql<number>`count(*)`;')).toEqual(['sql`…`']);
    expect(queriesIn("sql.raw('select 1')")).toEqual(['sql.raw']);
    expect(queriesIn("// db.selectFrom('users') in prose\nconst sqlText = 'x';")).toEqual([]);
  });

  it('builds no query in a route, service or helper of an area', () => {
    const modules = sourceFiles().filter((f) => f.path.startsWith('modules/'));
    expect(modules.length).toBeGreaterThan(20);
    const outside = modules
      .filter((f) => !REPOSITORY_FILE.test(f.path.replace(/^modules\/[^/]+\//, '')) && !EXEMPT.has(f.path))
      .flatMap((f) => queriesIn(f.text).map((q) => `${f.path}: ${q}`));
    expect(outside).toEqual([]);
    // The scan reads real repositories: they are full of queries.
    expect(
      modules.filter((f) => REPOSITORY_FILE.test(f.path)).flatMap((f) => queriesIn(f.text)).length,
    ).toBeGreaterThan(50);
  });
});

import { errorChain } from '../errors.ts';

/**
 * Telling "the database is gone" (a restart, a crash, the network) from "the query was wrong": the first answers
 * 503 `database_unavailable` and the readiness probe fails, the second stays a fault (500) to fix in the code.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`The database cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * SQLSTATEs of a server that cannot take work: connection exceptions (class 08), shutting down or starting up
 * (57P01-57P03), too many connections (53300).
 */
function unavailableState(code: unknown): boolean {
  return typeof code === 'string' && (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300');
}

/** What pg throws when the server closes a connection under a query (a crash or an immediate stop). */
const CONNECTION_LOST = /^Connection terminated( unexpectedly| due to connection timeout)?$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (link instanceof DatabaseUnavailableError) return true;
    if (!(link instanceof Error)) continue;
    if (unavailableState((link as { code?: unknown }).code)) return true;
    if (CONNECTION_LOST.test(link.message)) return true;
  }
  return false;
}

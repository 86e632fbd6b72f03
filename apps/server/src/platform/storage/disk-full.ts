import { errorChain } from '../../errors.ts';

/** A write refused for want of space (ENOSPC) or of quota (EDQUOT), anywhere in the error's causes. */
export function isDiskFull(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = link instanceof Error ? (link as { code?: unknown }).code : undefined;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

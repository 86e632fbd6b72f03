import { createHash, randomBytes } from 'node:crypto';
import { REPORTING_KEY_PREFIX } from '@spinyard/domain';

/** A new reporting API key: the prefix and 160 random bits in hex; what is stored of it is only its hash and hint. */
export function newReportingKey(): { key: string; hash: Buffer; hint: string } {
  const key = `${REPORTING_KEY_PREFIX}${randomBytes(20).toString('hex')}`;
  return { key, hash: reportingKeyHash(key), hint: key.slice(0, REPORTING_KEY_PREFIX.length + 8) };
}

/** SHA-256 is enough for a random 160-bit secret: nothing to guess, so no slow hash is needed against a leak. */
export function reportingKeyHash(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

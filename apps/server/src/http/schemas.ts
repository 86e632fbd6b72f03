import { ERROR_CATALOGUE, errorAnswer } from '@spinyard/domain';

const statuses = new Set<number>(Object.values(ERROR_CATALOGUE).map((e) => e.status));

/** Documents the error answers of a route in OpenAPI, in the one error shape (the domain package's errorAnswer). */
export function errorResponses(...codes: number[]): Record<number, typeof errorAnswer> {
  return Object.fromEntries(codes.filter((c) => statuses.has(c)).map((c) => [c, errorAnswer]));
}

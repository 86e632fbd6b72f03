/** Compile-time exhaustiveness for switches over unions; throws if a value slips past the type system at run time. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}

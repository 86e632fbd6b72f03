/**
 * What only tests use: `@spinyard/domain/testing`. Kept out of the main entry so the console's bundle does not
 * carry the permission test matrix.
 */

export * from './menu.fixture.ts';
export * from './permissions/matrix.ts';
export * from './permissions/matrix-run.ts';
export * from './transitions.fixture.ts';

export * from './assert.ts';
export * from './errors.ts';
export * from './menu.ts';
export * from './roles.ts';

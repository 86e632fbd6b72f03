import type { ComponentType } from 'react';
import type { CataloguePart } from '../i18n/catalogueParts.ts';
import { loadCatalogueParts } from '../i18n/i18n.ts';

/**
 * Every screen and the main layout load when they are first opened, so the login page fetches only the login
 * layout and form, not every area of the console. The router keeps the current page on screen until the next
 * one has arrived, so a navigation never shows an empty frame.
 */
export type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** The name of one of a module's exported components (`page(load, 'PlanListPage')`, one line a screen). */
type PageExport<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * A screen loaded on first use, with the parts of the language's catalogue its texts are in (catalogueParts.ts):
 * by default the general part, the one every page after sign-in shows (the main layout, the menu); an area's page
 * names its area's part too. The sign-in page needs none but the base part, which arrives before the first paint.
 * The page draws once its parts are in, so it never shows a raw key; catalogueParts.test.ts follows each page's
 * code (also what it loads later, such as a dialog) and checks that every section it names is in these parts.
 */
export const page =
  <M>(load: () => Promise<M>, name: PageExport<M>, parts: readonly CataloguePart[] = ['general']): LazyComponent =>
  async () => {
    const [module] = await Promise.all([load(), parts.length > 0 ? loadCatalogueParts(parts) : undefined]);
    return { Component: module[name] as ComponentType };
  };

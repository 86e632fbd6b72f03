import { readFile } from 'node:fs/promises';

const SLOT = /^<slot name="([\w-]+)"><\/slot>$/;
const PART = /<template data-slot="([\w-]+)">\n([\s\S]*?)<\/template>\n/g;
const STYLESHEET = /<link rel="stylesheet" href="([\w-]+\.css)">/g;

/**
 * A manual's HTML as it is rendered: `manual-template.html` (what the three manuals share) with each line
 * `<slot name="x"></slot>` replaced by the lines of the manual's own `<template data-slot="x">` (`{name}.html`),
 * and each stylesheet link by the stylesheet: the page is rendered from a string, which has no base URL to load
 * it from. A slot the manual does not fill, or a part the template has no slot for, is an error.
 */
export async function manualSource(dir: string, name: string): Promise<string> {
  const parts = new Map<string, string[]>();
  for (const [, slot, body] of (await readFile(`${dir}${name}.html`, 'utf8')).matchAll(PART)) {
    parts.set(slot!, body ? body.slice(0, -1).split('\n') : []);
  }
  const used = new Set<string>();
  const lines = (await readFile(`${dir}manual-template.html`, 'utf8')).split('\n').flatMap((line) => {
    const slot = line.match(SLOT)?.[1];
    if (slot === undefined) return [line];
    const part = parts.get(slot);
    if (!part) throw new Error(`${name}.html has no <template data-slot="${slot}">`);
    used.add(slot);
    return part;
  });
  const unused = [...parts.keys()].filter((slot) => !used.has(slot));
  if (unused.length > 0) throw new Error(`${name}.html: the template has no slot for ${unused.join(', ')}`);
  const html = lines.join('\n');
  const sheets = new Map<string, string>();
  for (const [, file] of html.matchAll(STYLESHEET)) sheets.set(file!, await readFile(`${dir}${file}`, 'utf8'));
  return html.replace(STYLESHEET, (_link, file: string) => `<style>\n${sheets.get(file)}</style>`);
}

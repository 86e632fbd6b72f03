#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a built app, at the strongest settings,
// once at build time. The server's static plugin serves them (preCompressed) to browsers that accept them, so a
// buyer's phone downloads the viewer's script at a fraction of its size and the server compresses nothing per request.
// Usage: node scripts/precompress.mjs <dist folder> [...more]
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
// Below this a compressed copy saves less than the response headers weigh.
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

const queue = process.argv.slice(2).flatMap((dir) => [...files(dir)].filter((f) => statSync(f).size >= MIN_BYTES));
const count = queue.length;
let before = 0;
let after = 0;

async function compress(file) {
  const data = await readFile(file);
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  };
  const [br, gz] = await Promise.all([brotli(data, { params }), gzipped(data, { level: 9 })]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  before += data.length;
  after += br.length;
}

// zlib's asynchronous calls run on libuv's thread pool (4 threads): files compressed side by side use every core,
// so the build's wall time grows by the copies' CPU time divided by the cores, not by all of it.
const started = performance.now();
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compress(file);
  }),
);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`precompress: ${count} files, ${kb(before)} -> ${kb(after)} with Brotli, in ${seconds} s`);

#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a built app, at the strongest settings,
// once at build time. The server's static plugin serves them (preCompressed) to browsers that accept them, so a
// buyer's phone downloads the viewer's script at a fraction of its size and the server compresses nothing per request.
// Usage: node scripts/precompress.mjs <dist folder> [...more]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
// Below this a compressed copy saves less than the response headers weigh.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const dir of process.argv.slice(2)) {
  for (const file of files(dir)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
    before += data.length;
    after += br.length;
  }
}
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(`precompress: ${count} files, ${kb(before)} -> ${kb(after)} with Brotli`);

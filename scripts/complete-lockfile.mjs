// The npm registry this workplace reaches serves only the platform packages of this machine (linux, glibc).
// npm then leaves the other platforms' optional packages out of package-lock.json, and `npm ci` refuses the
// lock as "out of sync". This script adds those optional entries back, with the os/cpu/libc that their names
// declare, so `npm ci` skips them as foreign platforms instead of fetching them.
// Run it after any `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'cygwin',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'ppc64le', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split(/[-_]/);
  const musl = parts.some((p) => p.endsWith('musl') || p === 'musleabihf');
  // `linuxmusl` (sharp's naming) is linux with musl libc.
  const os = parts.find((p) => OS.includes(p)) ?? (parts.some((p) => p.startsWith('linux')) ? 'linux' : undefined);
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  const libc = musl ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key === '' ? '' : `${key}/`;
    const nested = `${base}node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    const spec = /^\d/.test(version) ? version : version.replace(/^[\^~]/, '');
    lock.packages[`node_modules/${dep}`] = {
      version: spec,
      ...(cpu ? { cpu: [cpu] } : {}),
      dev: entry.dev || undefined,
      license: undefined,
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} foreign-platform optional entries`);

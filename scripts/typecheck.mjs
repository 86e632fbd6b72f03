// Type-checks every workspace with its own tsconfig (the console needs DOM types, the server must not see them).
import { spawnSync } from 'node:child_process';

const projects = ['packages/domain', 'apps/server', 'apps/console', 'apps/viewer', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  const run = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

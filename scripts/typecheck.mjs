// Type-checks every workspace with its own tsconfig (the console needs DOM types, the server must not see them).
// The domain and the server are composite projects: `tsc -b` checks each once and the workspaces that import them
// read their declarations (written under node_modules/.cache/tsc) instead of checking the same sources again.
// Workspaces start as soon as the projects they reference are done, as many at once as there are cores.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** Each workspace and the workspaces its tsconfig references (the same as its `references`). */
const projects = {
  'packages/domain': [],
  'apps/server': ['packages/domain'],
  'apps/console': ['packages/domain'],
  'apps/viewer': ['packages/domain'],
  e2e: ['packages/domain', 'apps/server'],
  bench: ['packages/domain', 'apps/server'],
};
// The longest chains first, so the server is not left to start last.
const order = ['packages/domain', 'apps/server', 'apps/console', 'e2e', 'bench', 'apps/viewer'];
const slots = Math.max(2, availableParallelism());

const done = new Set();
const failed = new Set();
const running = new Set();

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-b', project, '--pretty'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`[typecheck] ${project}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds}s\n`);
      resolve(code === 0);
    });
  });
}

await new Promise((resolveAll) => {
  const next = () => {
    for (const project of order) {
      if (running.size >= slots) break;
      if (done.has(project) || running.has(project)) continue;
      const needs = projects[project];
      // A project whose reference failed is not checked: `tsc -b` would only repeat the reference's errors.
      if (needs.some((need) => failed.has(need))) {
        done.add(project);
        failed.add(project);
        process.stdout.write(`[typecheck] ${project}: not checked, a project it references failed\n`);
        continue;
      }
      if (!needs.every((need) => done.has(need))) continue;
      running.add(project);
      void check(project).then((ok) => {
        running.delete(project);
        done.add(project);
        if (!ok) failed.add(project);
        next();
      });
    }
    if (done.size === order.length) resolveAll();
  };
  next();
});
process.exit(failed.size > 0 ? 1 : 0);

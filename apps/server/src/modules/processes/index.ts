import type { AppModule } from '../context.ts';
import { registerProcessSocket } from './socket.ts';

/**
 * Background processes on vehicles (`content_processes`): their life (service.ts), the job runner every media
 * area starts and runs its processes with (runner.ts), the lock rules checked against them (locks.ts), the reaper
 * of processes whose worker died (reaper.ts) and the live-progress socket. An area registers the jobs that run its
 * processes as `processJobs` in its module's jobs (modules/jobs.ts refuses a process with two jobs).
 */
export const processesModule: AppModule = {
  name: 'processes',
  // The live-progress socket authenticates itself (its first message), so it stands outside the token scope.
  public: registerProcessSocket,
};

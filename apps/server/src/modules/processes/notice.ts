import type { ProcessAnswer } from '@spinyard/domain';

/**
 * What the processes module announces when a process changes, for the areas that listen (the sockets, publishing's
 * republish of a vehicle whose process hid something): the channel and the notice, not the repository behind them.
 */

/** The channel every node LISTENs on for process changes (platform/realtime fans it out to sockets). */
export const PROCESS_CHANNEL = 'spinyard_processes';

/** Who may see a vehicle, as canSeeContent needs it: its domain, owner and the owner's parent admin. */
export interface ContentAudience {
  domain_id: string;
  owner_id: string;
  owner_parent_id: string | null;
}

/** What a NOTIFY carries: the process as answered, and who may see the vehicle it runs on. */
export interface ProcessNotice {
  content_id: string;
  audiences: ContentAudience[];
  process: ProcessAnswer;
}

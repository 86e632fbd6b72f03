import {
  canEditWebNegotiation,
  canHostFor,
  type DomainOptions,
  isMeetingInPast,
  type MeetingScope,
  meetingScopeOf,
  type WebNegotiationBody,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { loadCaller } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import type { ModuleContext } from '../context.ts';
import { stateOf } from './answers.ts';
import type { MeetingRow, MeetingsRepo } from './repo.ts';

/**
 * The second document's web negotiation rules, checked on every save inside the saving transaction: the option is
 * on, the host is one the caller may schedule for, not in the past, at most the max time, the guests fit the
 * meeting's participants, the vehicles are ones the caller sees, and the interval's count is not used up.
 */

export function requireWebNegotiation(options: DomainOptions): void {
  if (!options.web_negotiation) throw new AppError('web_negotiation_disabled');
}

export type MeetingDeps = Pick<ModuleContext, 'db' | 'mail' | 'sms' | 'publicUrl'> & {
  log: (msg: string, fields: Record<string, unknown>) => void;
  now?: () => Date;
};

/** The caller's scope and domain options, refused when the domain does not offer web negotiation. */
export async function meetingCaller(db: Db, actor: Actor) {
  const caller = await loadCaller(db, actor);
  requireWebNegotiation(caller.domainOptions);
  const scope = meetingScopeOf({ userId: actor.userId, domainId: actor.domainId, privilegeType: actor.privilegeType });
  return { options: caller.domainOptions, scope };
}

const invalid = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', { fields: [fieldError(field, rule, message)] });

/** Refuses a change of a meeting that runs (409 running) or is over or deleted (409 closed). */
export function requireEditable(meeting: MeetingRow, now: Date): void {
  if (meeting.deleted_at) throw new AppError('web_negotiation_closed');
  const edit = canEditWebNegotiation(stateOf(meeting, now));
  if (!edit.ok)
    throw new AppError(edit.reason === 'meeting_running' ? 'web_negotiation_running' : 'web_negotiation_closed');
}

export type HostUser = NonNullable<Awaited<ReturnType<MeetingsRepo['hostUser']>>>;

export async function hostOf(repo: MeetingsRepo, actor: Actor, hostId: string | undefined): Promise<HostUser> {
  const host = await repo.hostUser(hostId ?? actor.userId);
  const scopeActor = { userId: actor.userId, domainId: actor.domainId, privilegeType: actor.privilegeType };
  if (
    !host ||
    host.domain_id !== actor.domainId ||
    !canHostFor(scopeActor, { id: host.id, domainId: host.domain_id, parentUserId: host.parent_user_id })
  ) {
    throw invalid('host_user_id', 'one_of', 'Choose a host among the users you manage.');
  }
  return host;
}

export interface SaveCheck {
  repo: MeetingsRepo;
  scope: MeetingScope;
  options: DomainOptions;
  host: HostUser;
  body: WebNegotiationBody;
  now: Date;
  /** The meeting being edited (its own place in the interval is not counted twice). */
  meetingId: string | null;
}

export async function checkSave(c: SaveCheck): Promise<{ startsAt: Date }> {
  const startsAt = new Date(c.body.starts_at);
  if (isMeetingInPast(startsAt.getTime(), c.now.getTime())) {
    throw new AppError('web_negotiation_in_past', {
      fields: [fieldError('starts_at', 'not_in_past', 'The meeting date and time must not be in the past.')],
    });
  }
  const maxTime = c.host.web_negotiation_max_time ?? c.options.web_negotiation_max_time;
  if (c.body.duration_minutes > maxTime) {
    throw invalid('duration_minutes', 'range', `A meeting lasts at most ${maxTime} minutes.`);
  }
  const guests = c.options.web_negotiation_participants - 1;
  if (c.body.invitees.length > guests) {
    throw invalid('invitees', 'max_items', `This meeting takes at most ${guests} guests besides the host.`);
  }
  const vehicles = await c.repo.visibleVehicles(c.scope, c.body.vehicle_ids);
  if (vehicles.length !== c.body.vehicle_ids.length) {
    throw invalid('vehicle_ids', 'one_of', 'Choose vehicles among the ones you see.');
  }
  await checkCount(c, startsAt);
  return { startsAt };
}

/** The meeting count per interval: the domain's limit over the tenant, the user's own over the host's meetings. */
async function checkCount(c: SaveCheck, at: Date): Promise<void> {
  await c.repo.lockTenantSchedule(c.host.domain_id);
  const base = {
    domainId: c.host.domain_id,
    interval: c.options.web_negotiation_limit_interval,
    timeZone: 'Asia/Tokyo',
    at,
    exceptId: c.meetingId,
  };
  const limits: [number | null, string | null][] = [
    [c.options.web_negotiation_limit, null],
    [c.host.web_negotiation_limit, c.host.id],
  ];
  for (const [limit, hostId] of limits) {
    if (limit === null) continue;
    const used = await c.repo.countInInterval({ ...base, hostId });
    if (used >= limit) {
      throw new AppError('web_negotiation_over_limit', {
        params: { limit, interval: base.interval },
        fields: [fieldError('starts_at', 'range', `At most ${limit} meetings per ${base.interval}.`)],
      });
    }
  }
}

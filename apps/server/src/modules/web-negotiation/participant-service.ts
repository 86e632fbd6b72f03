import type { MeetingNotesAnswer, ViewerAccessAnswer, WebNegotiationNotesBody } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MeetingAdmission } from '../meeting-call/admission.ts';
import type { ViewerService } from '../publishing/viewer-service.ts';
import { notesOf } from './answers.ts';
import { meetingsRepo } from './repo.ts';
import { writeNotes } from './service.ts';

/**
 * What a participant of the call does with their link's token beyond reading (meeting-api.ts): the host's memo and
 * evaluation sheet written from the call, and a reserved vehicle opened even when its publication is limited (the
 * meeting admits its participants: docs/decisions.md, "Web negotiation: the call's remainders").
 */
export function participantService(deps: { db: Db; viewer: Pick<ViewerService, 'grant'> }) {
  const repo = meetingsRepo(deps.db);

  /** The notes are the dealer's: a guest's link opens the meeting, never them. */
  function requireHost(a: MeetingAdmission): void {
    if (a.role !== 'host') throw new AppError('forbidden');
  }

  async function notes(a: MeetingAdmission): Promise<MeetingNotesAnswer> {
    requireHost(a);
    const meeting = await repo.byId(a.meetingId);
    if (!meeting) throw new AppError('not_found');
    return notesOf(meeting);
  }

  return {
    notes,

    async saveNotes(a: MeetingAdmission, body: WebNegotiationNotesBody): Promise<MeetingNotesAnswer> {
      requireHost(a);
      await writeNotes(deps.db, a.meetingId, body);
      return notes(a);
    },

    /**
     * A viewer token for one of the meeting's reserved vehicles: what the call page reads its manifest with, so a
     * limited publication opens for the meeting's participants without its password. Any other vehicle: 404.
     */
    async vehicleAccess(a: MeetingAdmission, contentId: string, host: string | undefined): Promise<ViewerAccessAnswer> {
      const vehicle = a.vehicles.find((v) => v.contentId === contentId);
      if (!vehicle) throw new AppError('not_found');
      if (vehicle.shortId === null) throw new AppError('content_not_published');
      return deps.viewer.grant(vehicle.shortId, host);
    },
  };
}

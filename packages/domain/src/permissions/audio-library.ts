import type { PrivilegeType } from '../roles.ts';

/*
 * The audio library. The roles table has no row for it; our reading (docs/decisions.md, "Content videos: audio
 * library"): the library is a tool of the content-video wizard, which every user who edits vehicles opens, so every
 * signed-in user of a domain lists, plays and uploads; an upload is the domain's (its other users may choose it). A
 * track is deleted by whoever uploaded it, or by the heads of the tenant (super, admin) and master, as for other
 * shared things of the domain. The product's own tracks are deleted by nobody.
 */

export interface AudioTrackOwnership {
  source: 'library' | 'upload';
  /** The uploader, when still a user. */
  userId: string | null;
}

export function canDeleteAudioTrack(
  actor: { userId: string; privilegeType: PrivilegeType },
  track: AudioTrackOwnership,
): boolean {
  if (track.source !== 'upload') return false;
  return actor.privilegeType !== 'normal' || track.userId === actor.userId;
}

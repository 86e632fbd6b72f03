import { callIceServer } from '@spinyard/domain';
import { z } from 'zod';
import type { MeetingMediaSettings } from './port.ts';

export type { MeetingMediaSettings } from './port.ts';

/** A JSON text holding what `schema` takes. */
const jsonOf = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx) => {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data as z.output<T>;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalid' });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
    }
    return z.NEVER;
  });

/** The call's variables (config.ts spreads them into its schema). */
export const meetingMediaEnv = {
  // STUN and TURN servers as RTCPeerConnection's `iceServers` takes them, e.g. [{"urls":"stun:stun.example:3478"}].
  SPINYARD_ICE_SERVERS: jsonOf(z.array(callIceServer).max(10)).optional(),
  // A TURN server with a shared secret (coturn use-auth-secret): comma list of turn:/turns: URLs, and the secret.
  SPINYARD_TURN_URLS: z
    .string()
    .regex(/^turns?:[^,\s]+(,turns?:[^,\s]+)*$/, 'comma list of turn: or turns: URLs')
    .optional(),
  SPINYARD_TURN_SECRET: z.string().min(16).optional(),
};

export function meetingMediaSettings(e: {
  SPINYARD_ICE_SERVERS?: z.output<typeof callIceServer>[] | undefined;
  SPINYARD_TURN_URLS?: string | undefined;
  SPINYARD_TURN_SECRET?: string | undefined;
}): MeetingMediaSettings {
  const turn =
    e.SPINYARD_TURN_URLS && e.SPINYARD_TURN_SECRET
      ? { urls: e.SPINYARD_TURN_URLS.split(','), secret: e.SPINYARD_TURN_SECRET }
      : undefined;
  return { iceServers: e.SPINYARD_ICE_SERVERS ?? [], turn };
}

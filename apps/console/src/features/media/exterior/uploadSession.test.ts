import type { VideoUploadAnswer } from '@spinyard/domain';
import { describe, expect, it } from 'vitest';
import { sessionUploadsOf } from './UploadSessionBar.tsx';

const session = { started_at: '2026-11-29T10:00:00.000Z' };
const upload = (id: string, status: VideoUploadAnswer['status'], created_at: string) =>
  ({ id, status, created_at }) as VideoUploadAnswer;

describe("the exterior upload session's cancel", () => {
  it('reaches the unfinished uploads started since the session opened, not older ones nor finished ones', () => {
    const uploads = [
      upload('a', 'requested', '2026-11-29T10:00:01.000Z'),
      upload('b', 'ready', '2026-11-29T10:05:00.000Z'),
      upload('old', 'requested', '2026-11-29T09:59:59.000Z'),
      upload('taken', 'processing', '2026-11-29T10:01:00.000Z'),
    ];
    expect(sessionUploadsOf(session, uploads, [])).toEqual(['a', 'b']);
  });

  it("counts this page's uploads still sending that the spin's answer does not list yet, not resumed ones", () => {
    const local = [
      { serverId: 'c', state: 'uploading', resumed: false },
      { serverId: 'a', state: 'uploading', resumed: false },
      { serverId: 'r', state: 'paused', resumed: true },
      { serverId: null, state: 'uploading', resumed: false },
      { serverId: 'f', state: 'failed', resumed: false },
    ] as const;
    const uploads = [upload('a', 'requested', '2026-11-29T10:00:01.000Z')];
    expect(sessionUploadsOf(session, uploads, local)).toEqual(['a', 'c']);
  });
});

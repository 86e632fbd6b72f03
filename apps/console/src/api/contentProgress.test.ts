import type { ContentListItem, PageOf, ProcessAnswer } from '@spinyard/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyProcessMessage, backoffMs, withProcess } from './contentProgress.ts';
import { contentKeys } from './contents.ts';

const proc = (over: Partial<ProcessAnswer> = {}): ProcessAnswer => ({
  id: '7',
  process: 'transfer',
  status: 'running',
  progress: 10,
  started_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  error: null,
  ...over,
});

const row = (id: string, processes: ProcessAnswer[] = []) => ({ id, processes }) as unknown as ContentListItem;
const page = (items: ContentListItem[]): PageOf<ContentListItem> => ({
  items,
  total: items.length,
  page: 1,
  limit: 10,
});

describe('live progress in the cached vehicle reads', () => {
  it('replaces a known process and adds a new one', () => {
    const item = { id: '1', processes: [proc()] };
    expect(withProcess(item, proc({ progress: 60 })).processes).toEqual([proc({ progress: 60 })]);
    expect(withProcess(item, proc({ id: '8', process: 'blur' })).processes).toHaveLength(2);
  });

  it('moves the progress on every cached page that holds the vehicle, and leaves others alone', () => {
    const client = new QueryClient();
    const a = contentKeys.list({ page: 1 });
    const b = contentKeys.list({ page: 2 });
    client.setQueryData(a, page([row('1', [proc()]), row('2')]));
    client.setQueryData(b, page([row('3')]));
    const seen = applyProcessMessage(client, { type: 'process', content_id: '1', process: proc({ progress: 55 }) });
    expect(seen).toBe(true);
    expect(client.getQueryData<PageOf<ContentListItem>>(a)?.items[0]?.processes[0]?.progress).toBe(55);
    expect(client.getQueryData<PageOf<ContentListItem>>(a)?.items[1]?.processes).toEqual([]);
    expect(client.getQueryData(b)).toEqual(page([row('3')]));
  });

  it('writes into the detail too, and marks the reads stale when the process ends', () => {
    const client = new QueryClient();
    const detail = contentKeys.detail('4');
    client.setQueryData(detail, row('4', [proc()]));
    applyProcessMessage(client, { type: 'process', content_id: '4', process: proc({ progress: 90 }) });
    expect(client.getQueryState(detail)?.isInvalidated).toBe(false);
    applyProcessMessage(client, {
      type: 'process',
      content_id: '4',
      process: proc({ status: 'succeeded', progress: 100 }),
    });
    expect(client.getQueryData<ContentListItem>(detail)?.processes[0]?.status).toBe('succeeded');
    expect(client.getQueryState(detail)?.isInvalidated).toBe(true);
  });

  it('ignores a vehicle no screen holds', () => {
    const client = new QueryClient();
    expect(applyProcessMessage(client, { type: 'process', content_id: '9', process: proc() })).toBe(false);
  });
});

describe('reconnect backoff', () => {
  it('doubles from about a second up to 30 s', () => {
    expect(backoffMs(0, () => 1)).toBe(1_000);
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(8_000);
    expect(backoffMs(20, () => 1)).toBe(30_000);
  });
});

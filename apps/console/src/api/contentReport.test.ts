import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, restoreFetchAfterEach } from '../test-support/answerFetch.ts';
import { downloadContentsReport } from './contentReport.ts';

restoreFetchAfterEach();

/** The link the download clicks, as a stubbed document records it. */
let links: { href: string; download: string; clicked: boolean }[];

beforeEach(() => {
  links = [];
  vi.stubGlobal('document', {
    createElement: () => {
      const link = { href: '', download: '', clicked: false, click: () => (link.clicked = true), remove: () => {} };
      links.push(link);
      return link;
    },
    body: { append: () => undefined },
  });
  vi.stubGlobal('window', { setTimeout: () => 0, localStorage: { getItem: () => 'content-token' } });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadContentsReport', () => {
  it('asks the content API for the month, type and sleep flag and saves the file under its name', async () => {
    const sent = answer(200, 'id,management_id');
    await downloadContentsReport({ month: '2026-03', report_type: 'detail', sleep: '1', load_from_s3: '1' });
    expect(sent).toHaveLength(1);
    const url = sent[0]?.url;
    expect(url?.pathname).toBe('/api/browser/v0/contents_report');
    expect(url?.searchParams.get('month')).toBe('2026-03');
    expect(url?.searchParams.get('report_type')).toBe('detail');
    expect(url?.searchParams.get('sleep')).toBe('1');
    // Ignored by the server, so never sent.
    expect(url?.searchParams.has('load_from_s3')).toBe(false);
    expect(links).toEqual([
      expect.objectContaining({ href: 'blob:report', download: 'contents_report_2026-03_detail.csv', clicked: true }),
    ]);
  });

  it('defaults to the summary without sleeping vehicles', async () => {
    const sent = answer(200, '');
    await downloadContentsReport({ month: '2026-03' });
    expect(sent[0]?.url.searchParams.get('report_type')).toBe('summary');
    expect(sent[0]?.url.searchParams.get('sleep')).toBe('0');
    expect(links[0]?.download).toBe('contents_report_2026-03_summary.csv');
  });

  it('refuses a bad month before any request and saves nothing on a refused call', async () => {
    const sent = answer(422, { error: { code: 'validation_failed', user_message: 'x' } });
    await expect(downloadContentsReport({ month: '2026-13' })).rejects.toThrow();
    expect(sent).toHaveLength(0);
    await expect(downloadContentsReport({ month: '2026-03' })).rejects.toMatchObject({ status: 422 });
    expect(links).toEqual([]);
  });
});

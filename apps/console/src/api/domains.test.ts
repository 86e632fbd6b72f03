import { describe, expect, it } from 'vitest';
import { answer, restoreFetchAfterEach } from '../test-support/answerFetch.ts';
import { ApiError } from './apiError.ts';
import {
  checkDomainAvailability,
  createDomain,
  deleteDomain,
  fetchDomains,
  removeDomainImage,
  updateDomain,
  uploadDomainImage,
} from './domains.ts';

restoreFetchAfterEach();

describe('domain calls', () => {
  it('list with paging and a trimmed search, leaving an empty search out', async () => {
    const sent = answer(200, { items: [], total: 0, page: 2, limit: 30 });
    await fetchDomains({ page: 2, limit: 30, q: '  shop ' });
    await fetchDomains({ page: 1, limit: 10, q: ' ' });
    expect(sent[0]?.url.pathname).toBe('/v1/domain');
    expect(sent[0]?.url.searchParams.get('q')).toBe('shop');
    expect(sent[0]?.url.searchParams.get('limit')).toBe('30');
    expect(sent[1]?.url.searchParams.has('q')).toBe(false);
  });

  it('check a host with the company code, the host encoded as one path segment', async () => {
    const sent = answer(200, { available: false, reason: 'domain_in_use' });
    const result = await checkDomainAvailability('a/b.example.com', '0101');
    expect(result.reason).toBe('domain_in_use');
    expect(sent[0]?.url.pathname).toBe('/v1/domain/duplicate-check/a%2Fb.example.com');
    expect(sent[0]?.url.searchParams.get('company_code')).toBe('0101');
  });

  it('create, update and delete with JSON, and reject with the field errors of a refusal', async () => {
    let sent = answer(201, { id: '1', activation_mail_sent: true });
    await createDomain({
      host: 'x.example.com',
      company_code: '0101',
      service_name: 'X',
      super_user: { email: 'a@b.c', name: 'A' },
    });
    expect(sent[0]).toMatchObject({ method: 'POST', body: { host: 'x.example.com' } });
    expect(sent[0]?.url.pathname).toBe('/v1/domain');

    sent = answer(200, {});
    await updateDomain('7', { options: { vehicle_limit: 5 } });
    await deleteDomain('7');
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(['POST /v1/domain/7', 'DELETE /v1/domain/7']);

    answer(422, {
      error: {
        code: 'validation_failed',
        user_message: 'x',
        fields: [{ field: 'host', rule: 'no_repeated_hyphens', message: 'm' }],
      },
    });
    const refused = await createDomain({
      host: 'a--b.example.com',
      company_code: '0101',
      service_name: 'X',
      super_user: { email: 'a@b.c', name: 'A' },
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).fields[0]?.rule).toBe('no_repeated_hyphens');
  });

  it('send pictures as data URLs to their own path', async () => {
    const sent = answer(200, {});
    await uploadDomainImage('7', 'round_logo', 'data:image/png;base64,AAAA', 'round.png');
    await removeDomainImage('7', 'logo');
    expect(sent[0]?.url.pathname).toBe('/v1/domain/7/round-logo');
    expect(sent[0]?.body).toEqual({ image: 'data:image/png;base64,AAAA', file_name: 'round.png' });
    expect(`${sent[1]?.method} ${sent[1]?.url.pathname}`).toBe('DELETE /v1/domain/7/logo');
  });
});

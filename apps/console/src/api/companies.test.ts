import { describe, expect, it } from 'vitest';
import { answer, restoreFetchAfterEach } from '../test-support/answerFetch.ts';
import { createBranch, editOwnCompany, fetchBranches, fetchHeadquarters, uploadCompanyLogo } from './companies.ts';

restoreFetchAfterEach();

describe('company calls', () => {
  it('list headquarters of a domain, and branches of a domain or of one headquarters', async () => {
    const sent = answer(200, { items: [], total: 0, page: 1, limit: 10 });
    await fetchHeadquarters({ page: 1, limit: 10, q: '', domainId: '7' });
    await fetchBranches({ page: 1, limit: 10, q: 'osaka', headquartersId: '9' });
    expect(sent[0]?.url.searchParams.get('domain_id')).toBe('7');
    expect(sent[0]?.url.searchParams.has('q')).toBe(false);
    expect(sent[1]?.url.pathname).toBe('/v1/branches');
    expect(sent[1]?.url.searchParams.get('headquarters_id')).toBe('9');
    expect(sent[1]?.url.searchParams.get('q')).toBe('osaka');
    expect(sent[1]?.url.searchParams.has('domain_id')).toBe(false);
    await fetchBranches({ page: 1, limit: 10, q: '', domainId: '7' });
    expect(sent[2]?.url.searchParams.get('domain_id')).toBe('7');
    expect(sent[2]?.url.searchParams.has('headquarters_id')).toBe(false);
  });

  it('edit the own company, its logo, and create a branch', async () => {
    const sent = answer(200, {});
    await editOwnCompany({ city: 'Osaka' });
    await uploadCompanyLogo('data:image/gif;base64,R0lG');
    await createBranch({ name: 'Osaka', headquarters_id: '9' });
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'POST /v1/company',
      'POST /v1/company/logo',
      'POST /v1/branches',
    ]);
    expect(sent[1]?.body).toEqual({ image: 'data:image/gif;base64,R0lG' });
  });
});

import type { ContactAnswer, ContactBody } from '@spinyard/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** POST /v1/contact: the inquiry mailed to the operator, a copy to the caller; 422 fields, 429 limited. */
export function useSendContact() {
  return useMutation({
    mutationFn: async (body: ContactBody) =>
      (await apiRequest<ContactAnswer>('/v1/contact', { method: 'POST', json: body, errors: 'silent' })).data,
  });
}

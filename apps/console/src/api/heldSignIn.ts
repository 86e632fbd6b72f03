import { useMutation } from '@tanstack/react-query';
import { submitSecondStep } from './auth.ts';

/**
 * The second sign-in step as a query mutation, apart from auth.ts: the sign-in page imports auth.ts and must not
 * bring the query library with it.
 */
export function useSecondStep() {
  return useMutation({ mutationFn: submitSecondStep });
}

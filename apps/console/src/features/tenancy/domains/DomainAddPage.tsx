import { Stack } from '@mantine/core';
import { DomainDraftForm } from './DomainDraftForm.tsx';
import { emptyDomainForm } from './domainForm.ts';
import { draftKey } from './draftStore.ts';
import { hostCheckErrors } from './hostCheckErrors.ts';
import { useDomainDraft } from './useDomainDraft.ts';
import { useHostCheck } from './useHostCheck.ts';

/** /domain/add: the new domain's values; "confirm" leads to /domain/confirmation with a read-only summary. */
export function DomainAddPage() {
  const draft = useDomainDraft('add', draftKey.add, emptyDomainForm);
  const hostCheck = useHostCheck(draft.values.host, draft.values.company_code);

  const onSubmit = draft.submit(
    () => hostCheckErrors(hostCheck),
    () => draft.confirm('/domain/confirmation'),
  );

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <DomainDraftForm mode="add" draft={draft} hostCheck={hostCheck} onSubmit={(event) => void onSubmit(event)} />
    </Stack>
  );
}

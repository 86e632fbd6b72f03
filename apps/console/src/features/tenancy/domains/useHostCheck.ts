import { useDebouncedValue } from '@mantine/hooks';
import { normaliseHostName } from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { checkDomainAvailability } from '../../../api/domains.ts';
import { hostErrors } from './domainForm.ts';
import type { HostCheck } from './hostCheckErrors.ts';

export type { HostCheck } from './hostCheckErrors.ts';

const DEBOUNCE_MS = 400;

/**
 * The live availability check of a host while it is typed (`GET /v1/domain/duplicate-check/{host}`), once the
 * host passes the domain rules here and the typing pauses. An unchanged host of an edited domain is not
 * checked: it is its own. With a well-formed company code the answer also says whether the code is taken.
 */
export function useHostCheck(host: string, companyCode: string | undefined, ownHost?: string): HostCheck {
  const [debouncedHost] = useDebouncedValue(host, DEBOUNCE_MS);
  const [debouncedCode] = useDebouncedValue(companyCode, DEBOUNCE_MS);
  // Each answer remembers the host and code it is about: a render can come between new debounced values and the
  // effect that asks about them, and the old answer must not show then (a code refused as taken would refuse a
  // "confirm" clicked for the new one).
  const [answered, setAnswered] = useState<{ about: string; check: HostCheck }>({
    about: '',
    check: { status: 'idle' },
  });

  const normalised = normaliseHostName(debouncedHost);
  const skip = normalised === '' || hostErrors(normalised).length > 0 || normalised === ownHost;
  const code = debouncedCode && /^[0-9]{4}$/.test(debouncedCode.trim()) ? debouncedCode.trim() : undefined;

  const about = `${normalised}|${code ?? ''}`;

  useEffect(() => {
    const setCheck = (check: HostCheck) => setAnswered({ about, check });
    if (skip) {
      setCheck({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setCheck({ status: 'checking' });
    checkDomainAvailability(normalised, code, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (answer.available) setCheck({ status: 'available' });
        else if (answer.reason && answer.reason !== 'invalid_host') {
          setCheck({ status: 'unavailable', reason: answer.reason });
        } else setCheck({ status: 'idle' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setCheck({ status: 'failed' });
      });
    return () => controller.abort();
  }, [normalised, code, skip, about]);

  // While the typed host or company code differs from the ones checked, the last answer is not about them: a code
  // refused as taken must not keep refusing "confirm" once a free one is typed.
  const typedCode = companyCode && /^[0-9]{4}$/.test(companyCode.trim()) ? companyCode.trim() : undefined;
  if ((normaliseHostName(host) !== normalised || typedCode !== code) && !skip) return { status: 'checking' };
  if (answered.about !== about) return skip ? { status: 'idle' } : { status: 'checking' };
  return answered.check;
}

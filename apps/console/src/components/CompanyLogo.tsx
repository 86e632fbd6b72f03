import { Text } from '@mantine/core';
import { DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useEffect, useState, useSyncExternalStore } from 'react';

export function companyLogoUrl(code: string, version = 0): string {
  const url = `/svnmedia/images/logos/company_logo_${encodeURIComponent(code)}.png`;
  return version > 0 ? `${url}?v=${version}` : url;
}

/** Bumped when this browser replaces or removes a company logo, so the logos load again past the media cache. */
let logoVersion = 0;
const logoListeners = new Set<() => void>();

export function refreshCompanyLogos(): void {
  logoVersion = Date.now();
  for (const listener of logoListeners) listener();
}

function subscribeLogoVersion(listener: () => void): () => void {
  logoListeners.add(listener);
  return () => logoListeners.delete(listener);
}

/**
 * The host's company logo. A tenant without its own logo gets the product's (0006); if even that cannot load,
 * the company name is shown as text so the sidebar is never left with a broken image.
 */
export function CompanyLogo({ code, name, maxHeight = 44 }: { code: string; name: string; maxHeight?: number }) {
  const [stage, setStage] = useState<'own' | 'default' | 'text'>(code === DEFAULT_COMPANY_CODE ? 'default' : 'own');
  const version = useSyncExternalStore(subscribeLogoVersion, () => logoVersion);

  // A different host code (after the lookup answers), or a replaced logo, starts the chain again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is the reason to run again
  useEffect(() => {
    setStage(code === DEFAULT_COMPANY_CODE ? 'default' : 'own');
  }, [code, version]);

  if (stage === 'text') {
    return (
      <Text fw={700} size="lg" c="dark.8" lineClamp={2}>
        {name}
      </Text>
    );
  }
  return (
    <img
      src={companyLogoUrl(stage === 'own' ? code : DEFAULT_COMPANY_CODE, version)}
      alt={name}
      style={{ display: 'block', maxWidth: '100%', maxHeight, objectFit: 'contain' }}
      onError={() => setStage(stage === 'own' ? 'default' : 'text')}
    />
  );
}

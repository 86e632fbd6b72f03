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

/** Where the chain starts: the code's own logo when it has one (or one was just uploaded here), else the product's. */
const firstStage = (code: string, hasLogo: boolean, version: number): 'own' | 'default' =>
  code !== DEFAULT_COMPANY_CODE && (hasLogo || version > 0) ? 'own' : 'default';

/**
 * The host's company logo. A tenant without its own logo gets the product's (0006) at once, never a request that
 * answers 404 (the host lookup says whether one exists); if even that cannot load, the company name is shown as
 * text so the sidebar is never left with a broken image.
 */
export function CompanyLogo({
  code,
  name,
  hasLogo = true,
  maxHeight = 44,
}: {
  code: string;
  name: string;
  hasLogo?: boolean;
  maxHeight?: number;
}) {
  const version = useSyncExternalStore(subscribeLogoVersion, () => logoVersion);
  const [stage, setStage] = useState<'own' | 'default' | 'text'>(() => firstStage(code, hasLogo, version));

  // A different host code (after the lookup answers), or a replaced logo, starts the chain again.
  useEffect(() => {
    setStage(firstStage(code, hasLogo, version));
  }, [code, hasLogo, version]);

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

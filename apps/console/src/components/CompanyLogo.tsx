import { Text } from '@mantine/core';
import { DEFAULT_COMPANY_CODE } from '@spinyard/domain';
import { useEffect, useState } from 'react';

export function companyLogoUrl(code: string): string {
  return `/svnmedia/images/logos/company_logo_${encodeURIComponent(code)}.png`;
}

/**
 * The host's company logo. A tenant without its own logo gets the product's (0006); if even that cannot load,
 * the company name is shown as text so the sidebar is never left with a broken image.
 */
export function CompanyLogo({ code, name, maxHeight = 44 }: { code: string; name: string; maxHeight?: number }) {
  const [stage, setStage] = useState<'own' | 'default' | 'text'>(code === DEFAULT_COMPANY_CODE ? 'default' : 'own');

  // A different host code (after the lookup answers) starts the chain again.
  useEffect(() => {
    setStage(code === DEFAULT_COMPANY_CODE ? 'default' : 'own');
  }, [code]);

  if (stage === 'text') {
    return (
      <Text fw={700} size="lg" c="dark.8" lineClamp={2}>
        {name}
      </Text>
    );
  }
  return (
    <img
      src={companyLogoUrl(stage === 'own' ? code : DEFAULT_COMPANY_CODE)}
      alt={name}
      style={{ display: 'block', maxWidth: '100%', maxHeight, objectFit: 'contain' }}
      onError={() => setStage(stage === 'own' ? 'default' : 'text')}
    />
  );
}

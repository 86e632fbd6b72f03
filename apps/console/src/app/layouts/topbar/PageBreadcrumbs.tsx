import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { breadcrumbChain } from '../../screens.ts';

/**
 * Top › list › this screen. Edit and detail screens link back to their lists (first document, section 2);
 * the current screen is plain text marked as the current page.
 */
export function PageBreadcrumbs({ screenId }: { screenId: string | undefined }) {
  const { t } = useTranslation();
  // The landing page is the breadcrumb's root: a trail of one would only repeat the title.
  if (screenId === 'top') return null;
  const chain = screenId ? breadcrumbChain(screenId).filter((s) => s.id !== 'top') : [];
  const currentTitle = screenId && chain.length === 0 ? t(`screens.${screenId}`) : undefined;
  return (
    <nav aria-label={t('layout.breadcrumb')}>
      <Breadcrumbs separatorMargin={6} styles={{ breadcrumb: { fontSize: 13 } }}>
        <Anchor component={Link} to="/top" size="sm" c="blue.8">
          {t('screens.top')}
        </Anchor>
        {chain.map((screen, index) =>
          index < chain.length - 1 ? (
            <Anchor key={screen.id} component={Link} to={screen.path} size="sm" c="blue.8">
              {t(`screens.${screen.id}`)}
            </Anchor>
          ) : (
            <Text key={screen.id} size="sm" c="gray.7" aria-current="page">
              {t(`screens.${screen.id}`)}
            </Text>
          ),
        )}
        {currentTitle ? (
          <Text size="sm" c="gray.7" aria-current="page">
            {currentTitle}
          </Text>
        ) : null}
      </Breadcrumbs>
    </nav>
  );
}

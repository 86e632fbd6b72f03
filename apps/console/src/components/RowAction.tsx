import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

type Target = { to: string; onClick?: never } | { onClick: () => void; to?: never };

/**
 * An icon button in a table row. The icon alone says little, so its label is both the tooltip and the accessible
 * name, and names the row ("Edit Tanaka"). With `to` it is a link, so it opens in a new tab like one.
 */
export function RowAction({
  label,
  icon: ActionGlyph,
  color,
  testId,
  ...target
}: { label: string; icon: Icon; color?: string; testId?: string } & Target) {
  const glyph = <ActionGlyph size={18} aria-hidden />;
  return (
    <Tooltip label={label} withArrow>
      {target.to !== undefined ? (
        <ActionIcon
          component={Link}
          to={target.to}
          variant="subtle"
          color={color}
          aria-label={label}
          data-testid={testId}
        >
          {glyph}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} aria-label={label} onClick={target.onClick} data-testid={testId}>
          {glyph}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

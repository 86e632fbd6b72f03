import type { ColumnType } from 'kysely';
import type { Json } from './columns.ts';

// The table of migration 0017 (issue 10, point 4), apart from schema.ts like the media tables.

/** A custom icon as stored: a re-encoded PNG, content-addressed. */
export interface StoredDesignIcon {
  key: string;
  bytes: number;
  width: number;
  height: number;
}

export type DesignIcons = Partial<Record<'standard' | 'sound' | 'movie', StoredDesignIcon>>;

/** A domain's saved colours and icons as the row holds them (modules/design turns them into what is worn). */
export interface StoredDesign {
  colours: Record<'accent' | 'hotspot' | 'panel' | 'panel_text', string>;
  icons: DesignIcons;
}

export interface CustomDesignsTable {
  domain_id: string;
  colours: Json<Record<'accent' | 'hotspot' | 'panel' | 'panel_text', string>>;
  icons: Json<DesignIcons>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

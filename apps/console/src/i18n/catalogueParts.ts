/**
 * A catalogue is cut into parts by screen area, so a page fetches only the texts of its own area: the sign-in page
 * the base part, every other page the general part (the main layout, the menu, the small screens) and the parts
 * its route names in router.tsx (page()'s third argument). The build splits each `<lang>.json` along this table
 * (vite.config.ts); catalogueParts.test.ts follows each route's code and checks that every section it names is in
 * the parts the route loads, and that the sign-in page's code names only base sections. Only types of this file
 * reach the browser: the table is the build's and the tests'.
 */
export const CATALOGUE_PARTS = [
  'base',
  'general',
  'account',
  'users',
  'tenancy',
  'vehicles',
  'vehicleEditing',
  'media',
] as const;

export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/**
 * The sections of each part but general, which takes every section no other part names (a new section is thus
 * loaded by every page after sign-in until it is given an area). An entry `section.group` places one group of a
 * section apart from the rest of it.
 */
const PART_SECTIONS: Record<Exclude<CataloguePart, 'general'>, readonly string[]> = {
  // The sign-in page, which loads nothing else.
  base: [
    'app',
    'common',
    'deviceLimit',
    'devices',
    'errors',
    'fields',
    'footer',
    'language',
    'login',
    'loginNotices',
    // Error messages name the process holding a lock (api/errorText.ts).
    'processes',
    'screens',
    'validation',
  ],
  // The user's own account and the public pages around sign-in (second step, password reset, sign-up).
  account: [
    'accountConf',
    'twoStep',
    'contract',
    'secondStep',
    'passwordReset',
    'activation',
    'emailConfirmation',
    'entry',
    'terms',
  ],
  users: ['users'],
  // The master's settings of domains and companies. `domains.common` (the dialogs' and list footers' buttons,
  // components/) stays in general: every list and dialog shows it.
  tenancy: ['domains', 'options', 'companies', 'superusers', 'customDesign', 'corporations'],
  // The vehicle list and what it opens.
  vehicles: ['contentsList', 'contentActions', 'contentsReport', 'publication'],
  // The vehicle's record: the wizard, the detail page, the CSV edit.
  vehicleEditing: ['contentsWizard', 'contentFields', 'contentsDetail', 'contentPanels', 'contentsBulk'],
  // The media editors, the hotspot editor and the exterior backups.
  media: [
    'annotations',
    'exterior',
    'interior',
    'exteriorBlur',
    'slider',
    'movieBackups',
    'damageSymbols',
    'movieWizard',
    // The AI options' actions in the exterior, interior and category-image panels.
    'aiOptions',
  ],
};

// The spin's turn check: the exterior editor, the vehicle's page and every publish from the vehicle list ask it.
const GENERAL_ENTRIES = ['domains.common', 'exterior.turnCheck'];

const PART_OF_ENTRY: ReadonlyMap<string, CataloguePart> = new Map([
  ...Object.entries(PART_SECTIONS).flatMap(([part, entries]) =>
    entries.map((entry) => [entry, part as CataloguePart] as const),
  ),
  ...GENERAL_ENTRIES.map((entry) => [entry, 'general'] as const),
]);

/** The sections some of whose groups sit in another part than the section itself. */
const SPLIT_SECTIONS: ReadonlySet<string> = new Set(
  [...PART_OF_ENTRY.keys()].filter((entry) => entry.includes('.')).map((entry) => entry.split('.')[0] ?? ''),
);

/** The part holding a section (`'users'`) or one group of it (`'domains.common'`). */
export function partOf(section: string, group?: string): CataloguePart {
  return (
    (group === undefined ? undefined : PART_OF_ENTRY.get(`${section}.${group}`)) ??
    PART_OF_ENTRY.get(section) ??
    'general'
  );
}

/** Every part holding some of a section: what a key built at run time (`domains.${name}`) may need. */
export function partsOfSection(section: string): CataloguePart[] {
  const parts = new Set([partOf(section)]);
  for (const [entry, part] of PART_OF_ENTRY) if (entry.startsWith(`${section}.`)) parts.add(part);
  return [...parts];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One part of a catalogue: its sections, and of a split section the groups that belong to the part. */
export function cataloguePart(catalogue: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [section, texts] of Object.entries(catalogue)) {
    if (SPLIT_SECTIONS.has(section) && isRecord(texts)) {
      const groups = Object.entries(texts).filter(([group]) => partOf(section, group) === part);
      if (groups.length > 0) kept[section] = Object.fromEntries(groups);
    } else if (partOf(section) === part) {
      kept[section] = texts;
    }
  }
  return kept;
}

import {
  type Icon,
  IconBuilding,
  IconBuildingStore,
  IconCar,
  IconChartBar,
  IconCreditCard,
  IconFileText,
  IconLayoutDashboard,
  IconListDetails,
  IconMailForward,
  IconMessageCircle,
  IconPalette,
  IconPoint,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconVideo,
  IconWorldWww,
} from '@tabler/icons-react';

/** The icon of each top-level menu entry (ids of `MENU`); children are text only, under their group's icon. */
const MENU_ICONS: Record<string, Icon> = {
  top: IconLayoutDashboard,
  contents: IconCar,
  users: IconUsers,
  groups: IconUsersGroup,
  company: IconBuilding,
  account: IconUserCircle,
  corporations_menu: IconBuildingStore,
  settlements: IconCreditCard,
  plans: IconListDetails,
  domains: IconWorldWww,
  statistics: IconChartBar,
  statistics_single: IconChartBar,
  web_negotiation: IconVideo,
  mail_history: IconMailForward,
  custom_design: IconPalette,
  contact: IconMessageCircle,
  legal_edit: IconFileText,
};

export function menuIcon(id: string): Icon {
  return MENU_ICONS[id] ?? IconPoint;
}

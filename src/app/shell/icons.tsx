// Sidebar icons by the names the route table uses.
import type { IconType } from 'react-icons';
import {
  LuBuilding2,
  LuChartPie,
  LuClipboardList,
  LuCreditCard,
  LuDatabase,
  LuFileText,
  LuFolderKanban,
  LuLayoutDashboard,
  LuLifeBuoy,
  LuLock,
  LuTarget,
  LuTrash2,
  LuUser,
  LuUsers,
  LuListChecks,
  LuContact,
} from 'react-icons/lu';

export const icons: Record<string, IconType> = {
  dashboard: LuLayoutDashboard,
  respondents: LuContact,
  targets: LuTarget,
  tasks: LuListChecks,
  surveys: LuClipboardList,
  data: LuDatabase,
  members: LuUsers,
  organization: LuBuilding2,
  trash: LuTrash2,
  workspaces: LuFolderKanban,
  payments: LuCreditCard,
  summary: LuChartPie,
  profile: LuUser,
  lock: LuLock,
  tickets: LuLifeBuoy,
  file: LuFileText,
};

// Every API area, registered under /api. Each module declares its paths exactly as the spec names
// them, with their schemas and the roles allowed.
import type { App } from '../envelope';
import account from './account';
import accountArea from './accountArea';
import appUsers from './appUsers';
import beneficiaries from './beneficiaries';
import botCheck from './botCheck';
import dataCollection from './dataCollection';
import devMailbox from './devMailbox';
import lookups from './lookups';
import memberManagement from './memberManagement';
import orgMembers from './orgMembers';
import profile from './profile';
import relationships from './relationships';
import projects from './projects';
import recycleBin from './recycleBin';
import surveyBuilder from './surveyBuilder';
import surveyData from './surveyData';
import surveyMedia from './surveyMedia';
import surveys from './surveys';
import targets from './targets';
import tasks from './tasks';
import tickets from './tickets';
import workspaces from './workspaces';
import xlsform from './xlsform';
import payment from './payment';
import webhooks from './webhooks';

const areas = [
  account,
  lookups,
  dataCollection,
  botCheck,
  devMailbox,
  payment,
  workspaces,
  projects,
  orgMembers,
  memberManagement,
  profile,
  recycleBin,
  surveys,
  surveyBuilder,
  surveyData,
  surveyMedia,
  xlsform,
  tasks,
  targets,
  tickets,
  accountArea,
  beneficiaries,
  appUsers,
  relationships,
  webhooks,
] as const;

export async function registerRoutes(app: App): Promise<void> {
  for (const area of areas) await app.register(area);
}

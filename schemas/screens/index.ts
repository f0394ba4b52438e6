// Every admin screen declaration, by id. A screen opened by another (a dialog: { kind: 'dialog' })
// is found here, so the table must hold every declaration an action names.
import { deletedProjectsScreen, deletedRespondentListsScreen, deletedUsersScreen, deletedWorkspacesScreen } from './deletedItems';
import { deletedProjectMembersScreen, organizationMembersScreen, projectMembersScreen } from './members';
import { projectsScreen } from './projects';
import { surveyToolsScreen } from './surveyTools';
import { collectionMessagesScreen, dataCollectorsScreen, deletedTasksScreen, locationGroupsScreen, projectTasksScreen } from './tasks';
import { ticketsScreen } from './tickets';
import { workspacesScreen } from './workspaces';
import type { ScreenDeclaration } from './types';

export const screens = {
  workspaces: workspacesScreen,
  projects: projectsScreen,
  deletedWorkspaces: deletedWorkspacesScreen,
  deletedUsers: deletedUsersScreen,
  deletedProjects: deletedProjectsScreen,
  deletedRespondentLists: deletedRespondentListsScreen,
  surveyTools: surveyToolsScreen,
  projectMembers: projectMembersScreen,
  deletedProjectMembers: deletedProjectMembersScreen,
  organizationMembers: organizationMembersScreen,
  projectTasks: projectTasksScreen,
  deletedTasks: deletedTasksScreen,
  taskDataCollectors: dataCollectorsScreen,
  locationGroups: locationGroupsScreen,
  collectionMessages: collectionMessagesScreen,
  tickets: ticketsScreen,
} as const satisfies Record<string, ScreenDeclaration>;

export type ScreenId = keyof typeof screens;

export function screenById(id: string): ScreenDeclaration | undefined {
  return (screens as Record<string, ScreenDeclaration>)[id];
}

export { adminDeletedItems, projectDeletedItems } from './deletedItems';
export { taskManagement } from './tasks';
export { projectForm } from './projects';
export { workspaceForm } from './workspaces';
export { surveyForm } from './surveyTools';
export type * from './types';

// The recycle bins: deleted workspaces and deleted users (/admin-deleted-items, tabs by entityType),
// and deleted projects (the 'Deleted projects' dialog of /project-selection and the project's
// /deleted-items page). Spec 000 sections 2, 4 and 8; spec 001 section 2 "Deleted-items dialog".
import { BENEFICIARIES_API, BENEFICIARY_EDITORS, beneficiaryTableSchema } from '../beneficiaries';
import { entityTypes } from '../entityTypes';
import { organizationMemberSchema } from '../members';
import { projectSchema } from '../projects';
import { ADMIN_ROLES, MANAGER_ROLES, type RoleName } from '../roles';
import { workspaceSchema } from '../workspaces';
import { deletedProjectMembersScreen } from './members';
import { binRowActions, confirmPurgeAll, OrganizationMember, Project, ProjectMember, Workspace } from './shared';
import type { Action, ApiCall, ScreenDeclaration, TabbedScreens } from './types';
import { MEMBERS_API } from '../members';
import { PROJECTS_API } from '../projects';
import { RECYCLE_BIN_API } from '../recycleBin';
import { WORKSPACES_API } from '../workspaces';

const deletedAt = { key: 'deletedAt', label: 'deletedItems.deletedAt', kind: 'date', hideBelow: 'lg' } as const;

function allActions(o: {
  call: (isDeleted: boolean) => ApiCall;
  roles: readonly RoleName[];
  restoreFailure: string;
  deleteFailure: string;
  purgeWarning?: string;
}): Action[] {
  return [
    {
      id: 'restoreAll',
      label: 'deletedItems.restoreAll',
      icon: 'restore',
      tone: 'neutral',
      roles: o.roles,
      run: { kind: 'call', call: o.call(false) },
      success: 'deletedItems.allRestored',
      failure: o.restoreFailure,
    },
    {
      id: 'deleteAll',
      label: 'deletedItems.deleteAll',
      icon: 'delete',
      tone: 'danger',
      roles: o.roles,
      confirm: o.purgeWarning ? { ...confirmPurgeAll, warning: o.purgeWarning } : confirmPurgeAll,
      run: { kind: 'call', call: o.call(true) },
      success: 'deletedItems.allDeleted',
      failure: o.deleteFailure,
    },
  ];
}

const allQuery = (isDeleted: boolean) => (isDeleted ? { isDeleted: true } : { isDeleted: false, restoreAll: true });

export const deletedWorkspacesScreen: ScreenDeclaration = {
  id: 'deletedWorkspaces',
  title: 'deletedItems.workspaces.title',
  entity: workspaceSchema,
  layout: 'table',
  source: {
    call: { endpoint: WORKSPACES_API.getMyWorkspaces, query: { isDeleted: true } },
    items: 'workspaces',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [
    { key: 'name', label: 'deletedItems.workspaces.name', kind: 'text', primary: true },
    { key: 'description', label: 'deletedItems.workspaces.description', kind: 'text', hideBelow: 'md' },
    deletedAt,
  ],
  search: { placeholder: 'deletedItems.workspaces.search', debounceMs: 500 },
  pagination: { pageSize: 10, pageInQuery: true },
  rowActions: binRowActions({
    entityType: Workspace,
    roles: ADMIN_ROLES,
    restoreFailure: 'deletedItems.workspaces.restoreFailed',
    deleteFailure: 'deletedItems.workspaces.deleteFailed',
  }),
  toolbar: allActions({
    call: (isDeleted) => ({
      endpoint: WORKSPACES_API.permanentlyDeleteOrRestoreAllWorkspacesOfUser,
      query: allQuery(isDeleted),
    }),
    roles: ADMIN_ROLES,
    restoreFailure: 'deletedItems.workspaces.restoreAllFailed',
    deleteFailure: 'deletedItems.workspaces.deleteAllFailed',
  }),
  empty: 'deletedItems.empty',
};

export const deletedUsersScreen: ScreenDeclaration = {
  id: 'deletedUsers',
  title: 'deletedItems.users.title',
  entity: organizationMemberSchema,
  layout: 'table',
  source: {
    call: { endpoint: MEMBERS_API.getAllMembersOfOrganization, query: { isDeleted: true } },
    items: 'members',
    total: 'totalSize',
    rowKey: 'organizationMemberId',
  },
  columns: [
    { key: 'fullName', label: 'deletedItems.users.fullName', kind: 'text', primary: true },
    { key: 'email', label: 'deletedItems.users.email', kind: 'text', hideBelow: 'md' },
    { key: 'roles', label: 'deletedItems.users.roles', kind: 'roles', hideBelow: 'md' },
    { key: 'workspaces', label: 'deletedItems.users.workspaces', kind: 'names', hideBelow: 'lg' },
  ],
  search: { placeholder: 'deletedItems.users.search', debounceMs: 500 },
  pagination: { pageSize: 10, pageInQuery: true },
  rowActions: binRowActions({
    entityType: OrganizationMember,
    idField: 'organizationMemberId',
    roles: ADMIN_ROLES,
    purgeWarning: 'deletedItems.confirm.purgeUserWarning',
    restoreFailure: 'deletedItems.users.restoreFailed',
    deleteFailure: 'deletedItems.users.deleteFailed',
  }),
  toolbar: allActions({
    call: (isDeleted) => ({
      endpoint: MEMBERS_API.permanentlyDeleteOrRestoreAllOrganizationMembers,
      query: allQuery(isDeleted),
    }),
    roles: ADMIN_ROLES,
    restoreFailure: 'deletedItems.users.restoreAllFailed',
    deleteFailure: 'deletedItems.users.deleteAllFailed',
    purgeWarning: 'deletedItems.confirm.purgeUserWarning',
  }),
  empty: 'deletedItems.empty',
};

const projectBin = (q: Record<string, string | boolean>): ApiCall => ({
  endpoint: RECYCLE_BIN_API.permanentlyDeleteOrRestoreAllProjectsInWorkspace,
  query: { workspaceId: '{ctx.workspaceId}', ...q },
});

export const deletedProjectsScreen: ScreenDeclaration = {
  id: 'deletedProjects',
  title: 'deletedItems.projects.title',
  entity: projectSchema,
  layout: 'table',
  source: {
    call: { endpoint: PROJECTS_API.getMyProjectsInWorkspace, params: { workspaceId: '{ctx.workspaceId}' }, query: { isDeleted: true } },
    items: 'projects',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [
    { key: 'name', label: 'projects.columns.name', kind: 'text', primary: true },
    { key: 'manager', label: 'projects.columns.manager', kind: 'person', hideBelow: 'md' },
    deletedAt,
  ],
  pagination: { pageSize: 10 },
  rowActions: binRowActions({
    entityType: Project,
    roles: MANAGER_ROLES,
    restoreFailure: 'deletedItems.projects.restoreFailed',
    deleteFailure: 'deletedItems.projects.deleteFailed',
  }),
  selection: {
    roles: MANAGER_ROLES,
    actions: [
      {
        id: 'restoreSelected',
        label: 'deletedItems.restoreSelected',
        icon: 'restore',
        run: {
          kind: 'call',
          call: {
            endpoint: RECYCLE_BIN_API.bulkToggleDeleteOrRestore,
            query: { entityType: Project, isDeleted: false },
            body: 'selection',
          },
        },
        success: 'deletedItems.bulkRestored',
        failure: 'deletedItems.projects.bulkRestoreFailed',
      },
    ],
  },
  toolbar: allActions({
    call: (isDeleted) => projectBin(allQuery(isDeleted)),
    roles: MANAGER_ROLES,
    restoreFailure: 'deletedItems.projects.restoreFailed',
    deleteFailure: 'deletedItems.projects.deleteFailed',
  }),
  empty: 'deletedItems.empty',
};

/** The project's respondent lists in the bin (ImportedBeneficiaryTable 14; the spec's "respondent database"). */
export const deletedRespondentListsScreen: ScreenDeclaration = {
  id: 'deletedRespondentLists',
  title: 'deletedItems.respondentLists.title',
  entity: beneficiaryTableSchema,
  layout: 'table',
  source: {
    call: { endpoint: BENEFICIARIES_API.getTables, query: { ProjectId: '{ctx.projectId}', IsDeleted: true } },
    items: 'tables',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [{ key: 'name', label: 'deletedItems.respondentLists.name', kind: 'text', primary: true }, deletedAt],
  pagination: { pageSize: 10, pageInQuery: true },
  rowActions: binRowActions({
    entityType: entityTypes.ImportedBeneficiaryTable,
    roles: BENEFICIARY_EDITORS,
    restoreFailure: 'deletedItems.respondentLists.restoreFailed',
    deleteFailure: 'deletedItems.respondentLists.deleteFailed',
  }),
  toolbar: [],
  empty: 'deletedItems.empty',
};

/** /admin-deleted-items: Workspaces and Users, by ?entityType= (spec 000 section 2). */
export const adminDeletedItems: TabbedScreens = {
  id: 'adminDeletedItems',
  title: 'deletedItems.title',
  param: 'entityType',
  tabs: [
    { value: Workspace, label: 'deletedItems.tabs.workspaces', screen: deletedWorkspacesScreen },
    { value: OrganizationMember, label: 'deletedItems.tabs.users', screen: deletedUsersScreen },
  ],
};

/** The project's /deleted-items: projects and members today; surveys, respondents and tasks add their tabs here. */
export const projectDeletedItems: TabbedScreens = {
  id: 'projectDeletedItems',
  title: 'deletedItems.title',
  param: 'entityType',
  tabs: [
    { value: Project, label: 'deletedItems.tabs.projects', screen: deletedProjectsScreen },
    // Members removed from the current project (the same list as the 'Deleted members' dialog of /members).
    { value: ProjectMember, label: 'deletedItems.tabs.members', screen: deletedProjectMembersScreen },
    { value: entityTypes.ImportedBeneficiaryTable, label: 'deletedItems.tabs.respondentLists', screen: deletedRespondentListsScreen },
  ],
};

// /project-selection ('Project List') and the create form of /project-selection/create-project/{typeId}
// (spec 000 sections 2, 5 and 8).
import { NOT_MANAGER_ROLES, projectSchema } from '../projects';
import { MANAGER_ROLES } from '../roles';
import { confirmSoftDelete, Project } from './shared';
import type { FormDeclaration, ScreenDeclaration } from './types';
import { LOOKUPS_API } from '../lookups';
import { MEMBERS_API } from '../members';
import { PROJECTS_API } from '../projects';
import { RECYCLE_BIN_API } from '../recycleBin';

const workspaceMembers = {
  endpoint: MEMBERS_API.getAllOrgMembersInWorkspace,
  query: { WorkSpaceId: '{ctx.workspaceId}' },
} as const;

export const projectForm: FormDeclaration = {
  schema: {
    type: 'object',
    required: ['name', 'managerId', 'countryIds', 'startDate', 'endDate'],
    properties: {
      name: { type: 'string', title: 'projects.form.name', minLength: 1, maxLength: 200 },
      description: { type: 'string', title: 'projects.form.description', maxLength: 4000 },
      managerId: { type: 'string', title: 'projects.form.manager' },
      members: { type: 'array', title: 'projects.form.members', uniqueItems: true, items: { type: 'string' } },
      countryIds: { type: 'array', title: 'projects.form.countries', minItems: 1, uniqueItems: true, items: { type: 'integer' } },
      startDate: { type: 'string', format: 'date', title: 'projects.form.startDate' },
      endDate: { type: 'string', format: 'date', title: 'projects.form.endDate' },
    },
  },
  uiSchema: {
    'ui:order': ['name', 'description', 'managerId', 'members', 'countryIds', 'startDate', 'endDate'],
    name: { 'ui:placeholder': 'projects.form.namePlaceholder', 'ui:autofocus': true },
    description: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
    managerId: { 'ui:widget': 'apiSelect', 'ui:placeholder': 'projects.form.managerPlaceholder' },
    members: { 'ui:widget': 'apiMultiSelect', 'ui:placeholder': 'projects.form.membersPlaceholder' },
    countryIds: { 'ui:widget': 'apiMultiSelect', 'ui:placeholder': 'projects.form.countriesPlaceholder' },
    startDate: { 'ui:widget': 'date' },
    endDate: { 'ui:widget': 'date' },
  },
  errorMessages: {
    name: { required: 'projects.form.nameRequired', minLength: 'projects.form.nameRequired' },
    managerId: { required: 'projects.form.managerRequired' },
    countryIds: { required: 'projects.form.countriesRequired', minItems: 'projects.form.countriesRequired' },
    startDate: { required: 'projects.form.timelineRequired' },
    endDate: { required: 'projects.form.timelineRequired' },
  },
  options: {
    managerId: {
      call: workspaceMembers,
      items: '',
      value: 'id',
      label: 'fullName',
      excludeFirstRoles: NOT_MANAGER_ROLES,
      emptyHint: 'projects.form.noManagers',
    },
    members: { call: workspaceMembers, items: '', value: 'id', label: 'fullName' },
    countryIds: { call: { endpoint: LOOKUPS_API.getAllCountries }, items: '', value: 'id', label: 'name' },
  },
  rules: [{ kind: 'dateOrder', start: 'startDate', end: 'endDate', message: 'projects.form.timelineRequired' }],
  create: {
    title: 'projects.form.title',
    submit: 'projects.form.create',
    cancel: 'common.cancel',
    call: {
      endpoint: PROJECTS_API.add,
      body: { form: true, fields: { workspaceId: '{ctx.workspaceId}', typeId: '{param.id|number}' } },
    },
    success: 'projects.created',
    failure: 'projects.createFailed',
    failureTitle: 'projects.createFailedTitle',
    problemDialogs: { projectLimit: 'projects.limitTitle' },
    after: { to: '/project-selection' },
  },
};

export const projectsScreen: ScreenDeclaration = {
  id: 'projects',
  title: 'projects.title',
  entity: projectSchema,
  layout: 'table',
  source: {
    call: { endpoint: PROJECTS_API.getMyProjectsInWorkspace, params: { workspaceId: '{ctx.workspaceId}' } },
    items: 'projects',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [
    { key: 'name', label: 'projects.columns.name', kind: 'text', primary: true },
    { key: 'manager', label: 'projects.columns.manager', kind: 'person', hideBelow: 'md' },
    { key: 'countOfSurveys', label: 'projects.columns.surveys', kind: 'count', hideBelow: 'md' },
    { key: 'projectMembers', label: 'projects.columns.members', kind: 'count', hideBelow: 'md' },
  ],
  search: { placeholder: 'projects.search', debounceMs: 500 },
  pagination: { pageSize: 10, sizes: [10, 20, 50, 100] },
  selection: {
    roles: MANAGER_ROLES,
    actions: [
      {
        id: 'deleteSelected',
        label: 'projects.deleteSelected',
        icon: 'delete',
        tone: 'danger',
        confirm: confirmSoftDelete,
        run: {
          kind: 'call',
          call: {
            endpoint: RECYCLE_BIN_API.bulkToggleDeleteOrRestore,
            query: { entityType: Project, isDeleted: true },
            body: 'selection',
          },
        },
        success: 'deletedItems.bulkDeleted',
        failure: 'projects.bulkDeleteFailed',
      },
    ],
  },
  rowClick: { id: 'open', label: 'projects.goTo', run: { kind: 'effect', effect: 'chooseProject' } },
  rowActions: [
    { id: 'open', label: 'projects.goTo', icon: 'open', run: { kind: 'effect', effect: 'chooseProject' } },
    {
      id: 'delete',
      label: 'projects.delete',
      icon: 'delete',
      tone: 'danger',
      roles: MANAGER_ROLES,
      confirm: confirmSoftDelete,
      run: { kind: 'call', call: { endpoint: PROJECTS_API.delete, body: { id: '{row.id}' } } },
      success: 'projects.deleted',
      failure: 'projects.deleteFailed',
    },
  ],
  toolbar: [
    {
      id: 'deleted',
      label: 'projects.deletedProjects',
      icon: 'trash',
      tone: 'neutral',
      roles: MANAGER_ROLES,
      run: { kind: 'dialog', screen: 'deletedProjects' },
    },
    {
      id: 'create',
      label: 'projects.create',
      icon: 'add',
      tone: 'primary',
      roles: MANAGER_ROLES,
      run: { kind: 'effect', effect: 'chooseProjectType' },
    },
  ],
  empty: 'projects.empty',
  form: projectForm,
};

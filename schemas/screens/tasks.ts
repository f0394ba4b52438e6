// The task management page (/task-management/collection and /tasks; spec 001 section 2 "Task
// management filter and tables"): a tab per table. The task table with its filter panel, the data
// collectors (suggested for a chosen location), the location groups, the collection messages (the
// messaging tasks' receivers) and the deleted tasks with their 800 ms search. The assign and send
// dialogs are src/pages/tasks/, opened through the address (?assign=1, ?message=1).
import { entityTypes } from '../entityTypes';
import { genders } from '../members';
import {
  collectionTypes,
  dataCollectorRowSchema,
  locationGroupSchema,
  messageChannels,
  receiverRowSchema,
  receiverStatuses,
  TASK_MANAGERS,
  TASK_PAGE_SIZE,
  taskRowSchema,
  taskStatuses,
} from '../tasks';
import { binRowActions, confirmSoftDelete } from './shared';
import type { ListFilter, ScreenDeclaration, TabbedScreens } from './types';
import { LOOKUPS_API } from '../lookups';
import { RECYCLE_BIN_API } from '../recycleBin';
import { SURVEYS_API } from '../surveys';
import { TASKS_API } from '../tasks';

const { Task } = entityTypes;
const sizes = [10, 20, 50, 100] as const;
const paging = { page: 'Page', pageSize: 'PageSize' } as const;

const choicesOf = (codes: Record<string, number>, prefix: string) =>
  Object.values(codes).map((value) => ({ value, label: `${prefix}.${value}` }));

/** The filter panel of the task table (spec 001 section 3 "Task filter values"). */
const taskFilters: ListFilter[] = [
  {
    param: 'SurveyId',
    label: 'tasks.columns.surveyName',
    options: {
      call: { endpoint: SURVEYS_API.getAllSurveysForProjectByStatus, query: { ProjectId: '{ctx.projectId}' } },
      items: 'surveys',
      value: 'id',
      label: 'name',
    },
  },
  {
    param: 'DataCollectorId',
    label: 'tasks.columns.enumeratorName',
    options: {
      call: { endpoint: TASKS_API.getEnumeratorNamesByProject, query: { ProjectId: '{ctx.projectId}', isDeleted: false } },
      items: '',
      value: 'id',
      label: 'name',
    },
  },
  { param: 'TaskStatus', label: 'tasks.columns.status', choices: choicesOf(taskStatuses, 'tasks.status') },
  { param: 'CollectionType', label: 'tasks.columns.collectionType', choices: choicesOf(collectionTypes, 'tasks.collectionTypes') },
  {
    param: 'LocationGroupId',
    label: 'tasks.columns.locationGroup',
    options: {
      call: { endpoint: TASKS_API.getLocationGroups, query: { workspaceId: '{ctx.workspaceId}', PageSize: 500 } },
      items: 'locationGroups',
      value: 'id',
      label: 'name',
    },
  },
];

const taskColumns = [
  { key: 'surveyName', label: 'tasks.columns.surveyName', kind: 'text', primary: true },
  { key: 'collectionRound', label: 'tasks.columns.collectionRound', kind: 'count' },
  { key: 'enumeratorName', label: 'tasks.columns.enumeratorName', kind: 'text', hideBelow: 'md' },
  { key: 'tasksDeadline', label: 'tasks.columns.tasksDeadline', kind: 'date', hideBelow: 'md' },
  { key: 'locationName', label: 'tasks.columns.locationName', kind: 'text', hideBelow: 'lg' },
  { key: 'collectionType', label: 'tasks.columns.collectionType', kind: 'label', labels: 'tasks.collectionTypes', hideBelow: 'lg' },
  { key: 'status', label: 'tasks.columns.status', kind: 'label', labels: 'tasks.status' },
  { key: 'note', label: 'tasks.columns.note', kind: 'text', hideBelow: 'lg' },
] as const satisfies ScreenDeclaration['columns'];

const tasksCall = (isDeleted: boolean) => ({ endpoint: TASKS_API.getTasks, query: { ProjectId: '{ctx.projectId}', isDeleted } }) as const;

export const projectTasksScreen: ScreenDeclaration = {
  id: 'projectTasks',
  title: 'tasks.title',
  entity: taskRowSchema,
  layout: 'table',
  source: { call: tasksCall(false), items: 'tasks', total: 'totalSize', rowKey: 'id' },
  columns: taskColumns,
  search: { placeholder: 'tasks.search', debounceMs: 500, param: 'Search' },
  filters: taskFilters,
  pagination: { pageSize: TASK_PAGE_SIZE, sizes, params: paging },
  selection: {
    roles: TASK_MANAGERS,
    actions: [
      {
        id: 'deleteSelected',
        label: 'tasks.deleteSelected',
        icon: 'delete',
        tone: 'danger',
        confirm: confirmSoftDelete,
        run: {
          kind: 'call',
          call: {
            endpoint: RECYCLE_BIN_API.bulkToggleDeleteOrRestore,
            query: { entityType: Task, isDeleted: true },
            body: 'selection',
          },
        },
        success: 'deletedItems.bulkDeleted',
        failure: 'tasks.deleteFailed',
      },
    ],
  },
  rowActions: [
    {
      id: 'delete',
      label: 'tasks.delete',
      icon: 'delete',
      tone: 'danger',
      roles: TASK_MANAGERS,
      confirm: confirmSoftDelete,
      run: {
        kind: 'call',
        call: { endpoint: RECYCLE_BIN_API.toggleDeleteOrRestore, params: { id: '{row.id}' }, query: { entityType: Task, isDeleted: true } },
      },
      success: 'deletedItems.bulkDeleted',
      failure: 'tasks.deleteFailed',
    },
  ],
  toolbar: [
    {
      id: 'assign',
      label: 'tasks.assign',
      icon: 'add',
      tone: 'primary',
      roles: TASK_MANAGERS,
      run: { kind: 'navigate', to: '/task-management/collection?tab=1&assign=1' },
    },
  ],
  empty: 'tasks.empty',
};

export const deletedTasksScreen: ScreenDeclaration = {
  id: 'deletedTasks',
  title: 'tasks.deleted.title',
  entity: taskRowSchema,
  layout: 'table',
  source: { call: tasksCall(true), items: 'tasks', total: 'totalSize', rowKey: 'id' },
  columns: [
    { key: 'surveyName', label: 'tasks.columns.surveyName', kind: 'text', primary: true },
    { key: 'enumeratorName', label: 'tasks.columns.enumeratorName', kind: 'text', hideBelow: 'md' },
    { key: 'collectionRound', label: 'tasks.columns.collectionRound', kind: 'count', hideBelow: 'md' },
    { key: 'deletedAt', label: 'deletedItems.deletedAt', kind: 'date', hideBelow: 'md' },
  ],
  // Spec 001 section 4: the deleted tab's search applies after 800 ms.
  search: { placeholder: 'tasks.search', debounceMs: 800, param: 'Search' },
  pagination: { pageSize: TASK_PAGE_SIZE, params: paging },
  rowActions: binRowActions({
    entityType: Task,
    roles: TASK_MANAGERS,
    restoreFailure: 'tasks.deleted.restoreFailed',
    deleteFailure: 'tasks.deleted.deleteFailed',
  }),
  toolbar: [],
  empty: 'tasks.deleted.empty',
};

export const dataCollectorsScreen: ScreenDeclaration = {
  id: 'taskDataCollectors',
  title: 'tasks.tabs.dataCollectors',
  entity: dataCollectorRowSchema,
  layout: 'table',
  source: {
    call: { endpoint: TASKS_API.getDataCollectorsOfProject, query: { ProjectId: '{ctx.projectId}' } },
    items: 'dataCollectors',
    total: 'totalSize',
    rowKey: 'memberId',
  },
  columns: [
    { key: 'enumeratorName', label: 'tasks.columns.enumeratorName', kind: 'text', primary: true },
    { key: 'suggested', label: 'tasks.columns.suggested', kind: 'label', labels: 'tasks.suggested' },
    { key: 'gender', label: 'memberManagement.columns.gender', kind: 'label', labels: 'memberManagement.genders', hideBelow: 'md' },
    { key: 'location', label: 'memberManagement.columns.location', kind: 'text', hideBelow: 'md' },
  ],
  search: { placeholder: 'tasks.searchCollectors', debounceMs: 500, param: 'Search' },
  filters: [
    {
      param: 'LocationId',
      label: 'tasks.columns.locationName',
      options: { call: { endpoint: LOOKUPS_API.getAllCountries }, items: '', value: 'id', label: 'name' },
    },
    { param: 'Gender', label: 'memberManagement.columns.gender', choices: choicesOf(genders, 'memberManagement.genders') },
  ],
  pagination: { pageSize: TASK_PAGE_SIZE, sizes, params: paging },
  rowActions: [],
  toolbar: [],
  empty: 'tasks.noCollectors',
};

export const locationGroupsScreen: ScreenDeclaration = {
  id: 'locationGroups',
  title: 'tasks.tabs.locationGroups',
  entity: locationGroupSchema,
  layout: 'table',
  source: {
    call: { endpoint: TASKS_API.getLocationGroups, query: { workspaceId: '{ctx.workspaceId}' } },
    items: 'locationGroups',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [
    { key: 'name', label: 'tasks.locationGroup.name', kind: 'text', primary: true },
    { key: 'countryName', label: 'tasks.locationGroup.countryName', kind: 'text' },
    { key: 'state', label: 'tasks.locationGroup.state', kind: 'text', hideBelow: 'md' },
    { key: 'city', label: 'tasks.locationGroup.city', kind: 'text', hideBelow: 'md' },
    { key: 'district', label: 'tasks.locationGroup.district', kind: 'text', hideBelow: 'lg' },
    { key: 'subdistrict', label: 'tasks.locationGroup.subdistrict', kind: 'text', hideBelow: 'lg' },
    { key: 'village_Neighborhood', label: 'tasks.locationGroup.village', kind: 'text', hideBelow: 'lg' },
    { key: 'addressLine1', label: 'tasks.locationGroup.addressLine1', kind: 'text', hideBelow: 'lg' },
    { key: 'locationType', label: 'tasks.locationGroup.locationType', kind: 'text', hideBelow: 'lg' },
  ],
  search: { placeholder: 'tasks.searchGroups', debounceMs: 500, param: 'Search' },
  pagination: { pageSize: TASK_PAGE_SIZE, sizes, params: paging },
  rowActions: [],
  toolbar: [],
  empty: 'tasks.noGroups',
};

export const collectionMessagesScreen: ScreenDeclaration = {
  id: 'collectionMessages',
  title: 'tasks.tabs.messages',
  entity: receiverRowSchema,
  layout: 'table',
  source: {
    call: { endpoint: TASKS_API.getMessagingTaskReceivers, query: { ProjectId: '{ctx.projectId}', isDeleted: false } },
    items: 'receivers',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [
    { key: 'name', label: 'tasks.messages.receiver', kind: 'text', primary: true },
    { key: 'address', label: 'tasks.messages.address', kind: 'text', hideBelow: 'md' },
    { key: 'surveyName', label: 'tasks.columns.surveyName', kind: 'text', hideBelow: 'md' },
    { key: 'channel', label: 'tasks.messages.channel', kind: 'label', labels: 'tasks.channels' },
    { key: 'status', label: 'tasks.columns.status', kind: 'label', labels: 'tasks.receiverStatus' },
    { key: 'sendingDate', label: 'tasks.messages.sendingDate', kind: 'date', hideBelow: 'lg' },
  ],
  search: { placeholder: 'tasks.searchReceivers', debounceMs: 500, param: 'Search' },
  filters: [
    { param: 'Channel', label: 'tasks.messages.channel', choices: choicesOf(messageChannels, 'tasks.channels') },
    { param: 'Status', label: 'tasks.columns.status', choices: choicesOf(receiverStatuses, 'tasks.receiverStatus') },
    {
      param: 'SurveyId',
      label: 'tasks.columns.surveyName',
      options: {
        call: { endpoint: SURVEYS_API.getAllSurveysForProjectByStatus, query: { ProjectId: '{ctx.projectId}' } },
        items: 'surveys',
        value: 'id',
        label: 'name',
      },
    },
  ],
  pagination: { pageSize: TASK_PAGE_SIZE, sizes, params: paging },
  rowActions: [],
  toolbar: [
    {
      id: 'send',
      label: 'tasks.messages.send',
      icon: 'add',
      tone: 'primary',
      roles: TASK_MANAGERS,
      run: { kind: 'navigate', to: '/task-management/collection?tab=4&message=1' },
    },
  ],
  empty: 'tasks.messages.empty',
};

export const taskManagement: TabbedScreens = {
  id: 'taskManagement',
  title: 'tasks.title',
  param: 'tab',
  tabs: [
    { value: 1, label: 'tasks.tabs.tasks', screen: projectTasksScreen },
    { value: 2, label: 'tasks.tabs.dataCollectors', screen: dataCollectorsScreen },
    { value: 3, label: 'tasks.tabs.locationGroups', screen: locationGroupsScreen },
    { value: 4, label: 'tasks.tabs.messages', screen: collectionMessagesScreen },
    { value: 5, label: 'tasks.tabs.deleted', screen: deletedTasksScreen },
  ],
};

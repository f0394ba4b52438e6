// Tasks and messaging tasks (spec 001 sections 3 "Task", "codes", 4 "Task status", 7 "Task" calls):
// the codes, the payloads and queries of the Task calls, and one row of each task table. Declared once;
// the server validates with these, the screens read their codes and columns from them.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, genderCodes, uuid } from './common';
import { endpoint } from './endpoint';
import { ALL_ROLES, MANAGER_ROLES, type RoleName } from './roles';

/** Task status (spec 001 section 4): the tabs All (none), Assigned, Rejected, In Progress, Completed. */
export const taskStatuses = { Assigned: 0, Rejected: 1, InProgress: 2, Completed: 3 } as const;
export type TaskStatus = (typeof taskStatuses)[keyof typeof taskStatuses];
export const taskStatusCodes = Object.values(taskStatuses);
/** A task still to be done: what a submission may complete, what a collector's device lists. */
export const OPEN_TASK_STATUSES = [taskStatuses.Assigned, taskStatuses.InProgress] as const;
/** The server's names of the statuses (Completed is 'Finished' on the wire, displayed Completed). */
export const TASK_STATUS_NAMES: Record<TaskStatus, string> = { 0: 'Assigned', 1: 'Rejected', 2: 'InProgress', 3: 'Finished' };

/** Badge mapping of spec 001 section 4: every name the server or the spec uses, to one of four badges. */
export const taskBadges = {
  Assigned: 'assigned',
  Pending: 'assigned',
  Finished: 'finished',
  Completed: 'finished',
  Paid: 'finished',
  InProgress: 'in-progress',
  'In Progress': 'in-progress',
  Accepted: 'in-progress',
  Rejected: 'rejected',
} as const satisfies Record<string, 'assigned' | 'finished' | 'in-progress' | 'rejected'>;
export type TaskBadge = (typeof taskBadges)[keyof typeof taskBadges];

export const collectionTypes = { SurveyLink: 0, InPerson: 1 } as const;
export type CollectionType = (typeof collectionTypes)[keyof typeof collectionTypes];
export const collectionTypeCodes = Object.values(collectionTypes);
export const messageChannels = { Whatsapp: 0, Email: 1 } as const;
export type MessageChannel = (typeof messageChannels)[keyof typeof messageChannels];
export const messageChannelCodes = Object.values(messageChannels);
/** Message receiver status: waiting for the answer, or answered (the spec's 'Finished 3'). */
export const receiverStatuses = { Sent: 0, Finished: 3 } as const;
export const recurrences = { Daily: 1, Weekly: 2, Biweekly: 3, Monthly: 4, Yearly: 5, EveryXDays: 6, NoRecurrence: 7 } as const;
export type Recurrence = (typeof recurrences)[keyof typeof recurrences];
export const recurrenceCodes = Object.values(recurrences);
export const weekdays = { Sunday: 0, Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6 } as const;
export type Weekday = (typeof weekdays)[keyof typeof weekdays];
export const weekdayCodes = Object.values(weekdays);

/** Who assigns tasks and reads the task management page: the managers and the junior manager. */
export const TASK_MANAGERS = [...MANAGER_ROLES, 'JuniorProjectManager'] as const satisfies readonly RoleName[];
/** Who reads the task management tables: everyone but the data collector (Guest reads, never writes). */
export const TASK_READERS = [...TASK_MANAGERS, 'Guest'] as const satisfies readonly RoleName[];

/** Default page size of task lists (spec 001 section 9); the statistics call asks for 10,000. */
export const TASK_PAGE_SIZE = 10;
/** The longest reason, note and message the forms accept. */
export const REASON_MAX = 1000;
export const NOTE_MAX = 1000;
export const MESSAGE_MAX = 2000;

const paging = {
  Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  PageSize: { type: 'integer', minimum: 1, maximum: 10000, default: TASK_PAGE_SIZE },
  isDeleted: { type: 'boolean', default: false },
} as const;
const search = { type: 'string', maxLength: 200 } as const;
const locationId = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const collectionType = { type: 'integer', enum: collectionTypeCodes } as const;
const taskStatus = { type: 'integer', enum: taskStatusCodes } as const;

/** GET /Task/GetTasksForDataCollector: the caller's own tasks; `Status` is the tab. */
export const collectorTasksQuery = {
  type: 'object',
  properties: {
    ...paging,
    Status: taskStatus,
    SurveyId: uuid,
    Search: search,
    CollectionType: collectionType,
    LocationId: locationId,
  },
} as const;
export type CollectorTasksQuery = FromSchema<typeof collectorTasksQuery>;

/** GET /Task/getTasks: the generic task list of the task management page (a project's tasks). */
export const projectTasksQuery = {
  type: 'object',
  required: ['ProjectId'],
  properties: {
    ...paging,
    ProjectId: uuid,
    Search: search,
    SurveyId: uuid,
    CollectionType: collectionType,
    TaskStatus: taskStatus,
    CollectionRound: { type: 'integer', minimum: 1, maximum: 100000 },
    DataCollectorId: uuid,
    LocationGroupId: uuid,
    Deadline: { type: 'string', format: 'date', maxLength: 10 },
  },
} as const;
export type ProjectTasksQuery = FromSchema<typeof projectTasksQuery>;

export const statsQuery = {
  type: 'object',
  properties: { page: { type: 'integer', minimum: 1, maximum: 100000 }, pageSize: { type: 'integer', minimum: 1, maximum: 10000 } },
} as const;
export const deletedFlagQuery = { type: 'object', properties: { isDeleted: { type: 'boolean', default: false } } } as const;
export const projectQuery = {
  type: 'object',
  required: ['ProjectId'],
  properties: { ProjectId: uuid, isDeleted: { type: 'boolean', default: false } },
} as const;
export const assignedIdsQuery = { type: 'object', required: ['surveyId'], properties: { surveyId: uuid, userId: uuid } } as const;

/** GET /Task/getDataCollectorsOfProject: the data collector table, suggested first for a location. */
export const projectCollectorsQuery = {
  type: 'object',
  required: ['ProjectId'],
  properties: {
    ProjectId: uuid,
    LocationId: locationId,
    Search: search,
    Gender: { type: 'integer', enum: genderCodes },
    Page: paging.Page,
    PageSize: { ...paging.PageSize, maximum: 500 },
  },
} as const;
export type ProjectCollectorsQuery = FromSchema<typeof projectCollectorsQuery>;

export const locationGroupsQuery = {
  type: 'object',
  required: ['workspaceId'],
  properties: { workspaceId: uuid, Search: search, Page: paging.Page, PageSize: { ...paging.PageSize, maximum: 500 } },
} as const;
export type LocationGroupsQuery = FromSchema<typeof locationGroupsQuery>;

/** POST /Task/updateTaskStatus. Completed comes from the submission only; rejecting needs a reason. */
export const updateStatusBody = {
  type: 'object',
  required: ['id', 'newStatus'],
  additionalProperties: false,
  properties: {
    id: uuid,
    newStatus: { type: 'integer', enum: [taskStatuses.Rejected, taskStatuses.InProgress] },
    rejectionReason: { type: 'string', maxLength: REASON_MAX },
  },
} as const;
export type UpdateStatusBody = FromSchema<typeof updateStatusBody>;

/** POST /Task/createTask: one task per data collector; a recurrence other than NoRecurrence repeats it. */
export const createTaskBody = {
  type: 'object',
  required: ['surveyId', 'dataCollectorIds', 'collectionType'],
  additionalProperties: false,
  properties: {
    surveyId: uuid,
    dataCollectorIds: { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: uuid },
    tasksDeadline: dateTime,
    locationId,
    locationGroupId: uuid,
    collectionRound: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    collectionType,
    note: { type: 'string', maxLength: NOTE_MAX },
    recurrence: { type: 'integer', enum: recurrenceCodes, default: recurrences.NoRecurrence },
    everyXDays: { type: 'integer', minimum: 1, maximum: 365 },
    weekday: { type: 'integer', enum: weekdayCodes },
    recurrenceEnd: dateTime,
  },
} as const;
export type CreateTaskBody = FromSchema<typeof createTaskBody>;

/** POST /Task/createMessagingTask: a survey link to each receiver, by e-mail or WhatsApp. */
export const createMessagingTaskBody = {
  type: 'object',
  required: ['surveyId', 'channel', 'receivers'],
  additionalProperties: false,
  properties: {
    surveyId: uuid,
    channel: { type: 'integer', enum: messageChannelCodes },
    message: { type: 'string', maxLength: MESSAGE_MAX },
    languageCode: { type: 'string', minLength: 2, maxLength: 10, pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$' },
    receivers: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        required: ['address'],
        additionalProperties: false,
        properties: { name: { type: 'string', maxLength: 200 }, address: { type: 'string', minLength: 3, maxLength: 254 } },
      },
    },
  },
} as const;
export type CreateMessagingTaskBody = FromSchema<typeof createMessagingTaskBody>;

export const receiversQuery = {
  type: 'object',
  required: ['ProjectId'],
  properties: {
    ...paging,
    ProjectId: uuid,
    Search: search,
    SurveyId: uuid,
    Channel: { type: 'integer', enum: messageChannelCodes },
    Status: { type: 'integer', enum: Object.values(receiverStatuses) },
  },
} as const;
export type ReceiversQuery = FromSchema<typeof receiversQuery>;

/** A list's total: how many rows match, of which the answer is one page. */
const totalSize = { type: 'integer', minimum: 0 } as const;
const name = { type: 'string', maxLength: 200 } as const;
const nullableName = { type: ['string', 'null'], maxLength: 200 } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time', maxLength: 40 } as const;
/** A task list's largest page (the collector's statistics call asks for 10,000). */
const TASK_PAGE_MAX = paging.PageSize.maximum;

/** One task as the tables and /mytasks show it (spec 001 section 3 "Task" and the task table columns). */
export const taskRowSchema = {
  $id: 'Task',
  type: 'object',
  required: [
    'id',
    'surveyId',
    'surveyName',
    'languageCode',
    'collectionRound',
    'collectionType',
    'status',
    'statusName',
    'note',
    'endDate',
    'tasksDeadline',
    'locationName',
    'locationGroupName',
    'enumeratorName',
    'rejectionReason',
    'recurring',
    'deletedAt',
  ],
  properties: {
    id: uuid,
    surveyId: uuid,
    surveyName: name,
    /** The survey's default language: the fill page's address names it. */
    languageCode: { type: 'string', maxLength: 10 },
    collectionRound: { type: 'integer' },
    collectionType: { type: 'integer' },
    status: { type: 'integer' },
    /** The server's name of the status (TASK_STATUS_NAMES). */
    statusName: { type: 'string', maxLength: 20 },
    note: { type: 'string', maxLength: NOTE_MAX },
    /** The deadline; tasksDeadline is the same date under the spec's other name. */
    endDate: nullableDateTime,
    tasksDeadline: nullableDateTime,
    /** The location group's name, else the country's. */
    locationName: nullableName,
    locationGroupName: nullableName,
    enumeratorName: name,
    rejectionReason: { type: ['string', 'null'], maxLength: REASON_MAX },
    recurring: { type: 'boolean' },
    deletedAt: nullableDateTime,
  },
} as const;
export type TaskRow = FromSchema<typeof taskRowSchema>;

/** GET /Task/GetTasksForDataCollector and GET /Task/getTasks: a page of tasks. */
export const taskListSchema = {
  type: 'object',
  required: ['tasks', 'totalSize'],
  properties: { tasks: { type: 'array', maxItems: TASK_PAGE_MAX, items: taskRowSchema }, totalSize },
} as const;

/** GET /Task/GetTaskStatsticsByDataCollector: the donut's figures. */
export const taskStatsSchema = {
  type: 'object',
  required: ['assigned', 'rejected', 'inProgress', 'completed'],
  properties: {
    assigned: totalSize,
    rejected: totalSize,
    inProgress: totalSize,
    completed: totalSize,
  },
} as const;

/** GET /Task/getDataCollectorTasksSurveys: the surveys of the collector's tasks (at most 500). */
export const collectorSurveysSchema = {
  type: 'array',
  maxItems: 500,
  items: { type: 'object', required: ['surveyId', 'surveyName'], properties: { surveyId: uuid, surveyName: name } },
} as const;

/** GET /Task/getDataCollectorTasksLocations: the countries of the collector's tasks (at most 500). */
export const collectorLocationsSchema = {
  type: 'array',
  maxItems: 500,
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name } },
} as const;

/** GET /Task/GetAssignedTaskIdsForSurveyAndDataCollector: the open tasks' ids (at most 1,000). */
export const assignedTaskIdsSchema = { type: 'array', maxItems: 1000, items: uuid } as const;

/** POST /Task/updateTaskStatus: the task and the status it now has. */
export const taskStatusSchema = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id: uuid, status: { type: 'integer' } },
} as const;

/** GET /Task/getEnumeratorNamesByProject: the project's data collectors for the filter (at most 1,000). */
export const enumeratorNamesSchema = {
  type: 'array',
  maxItems: 1000,
  items: { type: 'object', required: ['id', 'name'], properties: { id: uuid, name } },
} as const;

/** POST /Task/createTask: the tasks made, and the recurring series when the task repeats. */
export const createdTasksSchema = {
  type: 'object',
  required: ['taskIds', 'seriesIds'],
  properties: {
    taskIds: { type: 'array', maxItems: createTaskBody.properties.dataCollectorIds.maxItems, items: uuid },
    seriesIds: { type: 'array', maxItems: createTaskBody.properties.dataCollectorIds.maxItems, items: uuid },
  },
} as const;

export const locationGroupSchema = {
  $id: 'LocationGroup',
  type: 'object',
  required: [
    'id',
    'name',
    'countryName',
    'state',
    'city',
    'district',
    'subdistrict',
    'village_Neighborhood',
    'addressLine1',
    'locationType',
  ],
  properties: {
    id: uuid,
    name,
    countryName: nullableName,
    state: name,
    city: name,
    district: name,
    subdistrict: name,
    village_Neighborhood: name,
    addressLine1: name,
    locationType: { type: 'string', maxLength: 100 },
  },
} as const;

/** GET /Task/GetLocationGroups: a page of the workspace's location groups. */
export const locationGroupListSchema = {
  type: 'object',
  required: ['locationGroups', 'totalSize'],
  properties: {
    locationGroups: { type: 'array', maxItems: locationGroupsQuery.properties.PageSize.maximum, items: locationGroupSchema },
    totalSize,
  },
} as const;

export const dataCollectorRowSchema = {
  $id: 'DataCollector',
  type: 'object',
  required: ['memberId', 'enumeratorName', 'gender', 'location', 'locationId', 'suggested'],
  properties: {
    memberId: uuid,
    enumeratorName: name,
    gender: { type: ['integer', 'null'] },
    location: nullableName,
    locationId: { type: ['integer', 'null'] },
    suggested: { type: 'boolean' },
  },
} as const;

/** GET /Task/getDataCollectorsOfProject: a page of the project's data collectors, suggested first. */
export const dataCollectorListSchema = {
  type: 'object',
  required: ['dataCollectors', 'totalSize'],
  properties: {
    dataCollectors: { type: 'array', maxItems: projectCollectorsQuery.properties.PageSize.maximum, items: dataCollectorRowSchema },
    totalSize,
  },
} as const;

/** GET /Task/getMessagingChannels: which channels this server can send through. */
export const messagingChannelsSchema = {
  type: 'object',
  required: ['whatsapp', 'email'],
  properties: { whatsapp: { type: 'boolean' }, email: { type: 'boolean' } },
} as const;

export const receiverRowSchema = {
  $id: 'MessageReceiver',
  type: 'object',
  required: ['id', 'name', 'address', 'channel', 'status', 'surveyName', 'sendingDate', 'error', 'messagingTaskId'],
  properties: {
    id: uuid,
    name,
    address: { type: 'string', maxLength: 254 },
    channel: { type: 'integer' },
    status: { type: 'integer' },
    surveyName: name,
    sendingDate: nullableDateTime,
    /** Why sending failed, when it did. */
    error: { type: ['string', 'null'], maxLength: 1000 },
    messagingTaskId: uuid,
  },
} as const;

/** GET /Task/getMessagingTaskReceivers: a page of the project's message receivers. */
export const receiverListSchema = {
  type: 'object',
  required: ['receivers', 'totalSize'],
  properties: { receivers: { type: 'array', maxItems: receiversQuery.properties.PageSize.maximum, items: receiverRowSchema }, totalSize },
} as const;

/** POST /Task/createMessagingTask: the messaging task, how many receivers it has and how many links went out. */
export const createdMessagingTaskSchema = {
  type: 'object',
  required: ['id', 'receivers', 'sent'],
  properties: { id: uuid, receivers: totalSize, sent: totalSize },
} as const;

/** A collector's own calls: any role may hold tasks, and each sees only their own. */
const OWN = ALL_ROLES;

/** The Task calls (spec 001 section 7). */
export const TASKS_API = {
  // The data collector's tasks (/mytasks).
  getTasksForDataCollector: endpoint({
    method: 'GET',
    path: '/Task/GetTasksForDataCollector',
    access: OWN,
    query: collectorTasksQuery,
    answer: taskListSchema,
  }),
  getTaskStatsticsByDataCollector: endpoint({
    method: 'GET',
    path: '/Task/GetTaskStatsticsByDataCollector',
    access: OWN,
    query: statsQuery,
    answer: taskStatsSchema,
  }),
  getDataCollectorTasksSurveys: endpoint({
    method: 'GET',
    path: '/Task/getDataCollectorTasksSurveys',
    access: OWN,
    query: deletedFlagQuery,
    answer: collectorSurveysSchema,
  }),
  getDataCollectorTasksLocations: endpoint({
    method: 'GET',
    path: '/Task/getDataCollectorTasksLocations',
    access: OWN,
    query: deletedFlagQuery,
    answer: collectorLocationsSchema,
  }),
  getAssignedTaskIdsForSurveyAndDataCollector: endpoint({
    method: 'GET',
    path: '/Task/GetAssignedTaskIdsForSurveyAndDataCollector',
    access: OWN,
    query: assignedIdsQuery,
    answer: assignedTaskIdsSchema,
  }),
  updateTaskStatus: endpoint({
    method: 'POST',
    path: '/Task/updateTaskStatus',
    access: OWN,
    body: updateStatusBody,
    answer: taskStatusSchema,
  }),

  // Task management (the managers' page).
  getTasks: endpoint({ method: 'GET', path: '/Task/getTasks', access: TASK_READERS, query: projectTasksQuery, answer: taskListSchema }),
  getEnumeratorNamesByProject: endpoint({
    method: 'GET',
    path: '/Task/getEnumeratorNamesByProject',
    access: TASK_READERS,
    query: projectQuery,
    answer: enumeratorNamesSchema,
  }),
  getDataCollectorsOfProject: endpoint({
    method: 'GET',
    path: '/Task/getDataCollectorsOfProject',
    access: TASK_READERS,
    query: projectCollectorsQuery,
    answer: dataCollectorListSchema,
  }),
  getLocationGroups: endpoint({
    method: 'GET',
    path: '/Task/GetLocationGroups',
    access: TASK_READERS,
    query: locationGroupsQuery,
    answer: locationGroupListSchema,
  }),
  createTask: endpoint({
    method: 'POST',
    path: '/Task/createTask',
    access: TASK_MANAGERS,
    body: createTaskBody,
    answer: createdTasksSchema,
  }),

  // Messaging tasks.
  getMessagingChannels: endpoint({
    method: 'GET',
    path: '/Task/getMessagingChannels',
    access: TASK_READERS,
    answer: messagingChannelsSchema,
  }),
  getMessagingTaskReceivers: endpoint({
    method: 'GET',
    path: '/Task/getMessagingTaskReceivers',
    access: TASK_READERS,
    query: receiversQuery,
    answer: receiverListSchema,
  }),
  createMessagingTask: endpoint({
    method: 'POST',
    path: '/Task/createMessagingTask',
    access: TASK_MANAGERS,
    body: createMessagingTaskBody,
    answer: createdMessagingTaskSchema,
  }),
} as const;

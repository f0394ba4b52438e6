// /survey/survey-tools (spec 001 sections 2 and 4): the chosen project's surveys with their
// status, goal, submissions and last change; create (blank or a copy), open in the builder, preview,
// copy the public link, duplicate, archive, and delete into the recycle bin.
import { entityTypes } from '../entityTypes';
import { SURVEY_AUTHOR_ROLES, SURVEY_OWNER_ROLES, surveyToolsRow } from '../surveyBuilder';
import { confirmSoftDelete, toggleCall } from './shared';
import type { FormDeclaration, ScreenDeclaration } from './types';
import { SURVEYS_API } from '../surveys';
import { SURVEY_BUILDER_API } from '../surveyBuilder';

/** One row of GET /Survey/GetSurveyTools, as the call declares it. */
export const surveyToolsRowSchema = { $id: 'SurveyToolsRow', ...surveyToolsRow } as const;

/** Where the builder of a survey is; the route table declares the same path. */
export const BUILDER_BASE = '/survey/builder';
/** Where a survey's media files (images, audio, video, pulldata() CSVs) are attached; the route table declares it. */
export const MEDIA_BASE = '/survey/media';

export const surveyForm: FormDeclaration = {
  schema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', title: 'surveys.form.name', minLength: 1, maxLength: 200 },
      description: { type: 'string', title: 'surveys.form.description', maxLength: 4000 },
      collectionGoal: { type: 'integer', title: 'surveys.form.collectionGoal', minimum: 0, maximum: 100000000 },
      copyOfSurveyId: { type: 'string', title: 'surveys.form.copyOf' },
    },
  },
  uiSchema: {
    'ui:order': ['name', 'description', 'collectionGoal', 'copyOfSurveyId'],
    name: { 'ui:placeholder': 'surveys.form.namePlaceholder', 'ui:autofocus': true },
    description: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
    copyOfSurveyId: { 'ui:widget': 'apiSelect', 'ui:placeholder': 'surveys.form.blank' },
  },
  errorMessages: { name: { required: 'surveys.form.nameRequired', minLength: 'surveys.form.nameRequired' } },
  options: {
    copyOfSurveyId: {
      call: { endpoint: SURVEYS_API.getAllSurveysForProjectByStatus, query: { ProjectId: '{ctx.projectId}' } },
      items: 'surveys',
      value: 'id',
      label: 'name',
    },
  },
  create: {
    title: 'surveys.form.title',
    submit: 'surveys.form.create',
    cancel: 'common.cancel',
    call: { endpoint: SURVEY_BUILDER_API.createSurvey, body: { form: true, fields: { projectId: '{ctx.projectId}' } } },
    success: 'surveys.created',
    failure: 'surveys.createFailed',
    // Straight into the builder of the survey just made.
    after: { to: `${BUILDER_BASE}/{result.id}` },
  },
};

export const surveyToolsScreen: ScreenDeclaration = {
  id: 'surveyTools',
  title: 'surveys.title',
  entity: surveyToolsRowSchema,
  layout: 'table',
  source: {
    call: { endpoint: SURVEY_BUILDER_API.getSurveyTools, query: { ProjectId: '{ctx.projectId}' } },
    items: 'surveys',
    total: 'totalSize',
    rowKey: 'id',
  },
  columns: [
    { key: 'name', label: 'surveys.columns.name', kind: 'text', primary: true },
    { key: 'surveyStatusId', label: 'surveys.columns.status', kind: 'label', labels: 'surveys.status' },
    { key: 'collectionGoal', label: 'surveys.columns.goal', kind: 'count', hideBelow: 'md' },
    { key: 'submissionCount', label: 'surveys.columns.submissions', kind: 'count', hideBelow: 'md' },
    { key: 'updatedAt', label: 'surveys.columns.updated', kind: 'date', hideBelow: 'lg' },
  ],
  search: { placeholder: 'surveys.search', debounceMs: 500 },
  pagination: { pageSize: 10, sizes: [10, 20, 50, 100], pageInQuery: true, params: { page: 'Page', pageSize: 'PageSize' } },
  rowClick: { id: 'open', label: 'surveys.open', roles: SURVEY_AUTHOR_ROLES, run: { kind: 'navigate', to: `${BUILDER_BASE}/{row.id}` } },
  rowActions: [
    {
      id: 'open',
      label: 'surveys.open',
      icon: 'edit',
      roles: SURVEY_AUTHOR_ROLES,
      run: { kind: 'navigate', to: `${BUILDER_BASE}/{row.id}` },
    },
    { id: 'preview', label: 'surveys.preview', icon: 'open', run: { kind: 'navigate', to: '/public-survey/{row.id}' } },
    // Beside the builder: media are attached per survey, outside its versioned content.
    {
      id: 'media',
      label: 'surveys.media',
      menu: true,
      icon: 'open',
      roles: SURVEY_AUTHOR_ROLES,
      run: { kind: 'navigate', to: `${MEDIA_BASE}/{row.id}` },
    },
    { id: 'copyLink', label: 'surveys.copyLink', menu: true, icon: 'link', run: { kind: 'effect', effect: 'copyPublicLink' } },
    {
      id: 'duplicate',
      label: 'surveys.duplicate',
      menu: true,
      icon: 'copy',
      roles: SURVEY_AUTHOR_ROLES,
      run: { kind: 'call', call: { endpoint: SURVEY_BUILDER_API.duplicateSurvey, body: { surveyId: '{row.id}' } } },
      success: 'surveys.duplicated',
      failure: 'surveys.actionFailed',
    },
    {
      id: 'archive',
      label: 'surveys.archive',
      menu: true,
      icon: 'archive',
      roles: SURVEY_OWNER_ROLES,
      run: { kind: 'call', call: { endpoint: SURVEY_BUILDER_API.archiveSurvey, body: { surveyId: '{row.id}' } } },
      success: 'surveys.archived',
      failure: 'surveys.actionFailed',
    },
    {
      id: 'delete',
      label: 'surveys.delete',
      menu: true,
      icon: 'delete',
      tone: 'danger',
      roles: SURVEY_OWNER_ROLES,
      confirm: confirmSoftDelete,
      run: { kind: 'call', call: toggleCall(entityTypes.Survey, true) },
      success: 'surveys.deleted',
      failure: 'surveys.actionFailed',
    },
  ],
  toolbar: [
    {
      id: 'create',
      label: 'surveys.create',
      icon: 'add',
      tone: 'primary',
      roles: SURVEY_AUTHOR_ROLES,
      run: { kind: 'navigate', to: '/survey/survey-tools/create' },
    },
  ],
  empty: 'surveys.empty',
  form: surveyForm,
};

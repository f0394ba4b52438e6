// The workspace chooser (/workspace) and /admin-workspaces: cards with a greeting, a 'New workspace'
// card, a per-card menu (edit, remove) for the admin roles, and the add and edit forms (spec 000
// sections 2, 5 and 8).
import { ADMIN_ROLES } from '../roles';
import { workspaceSchema } from '../workspaces';
import { confirmSoftDelete } from './shared';
import type { FormDeclaration, ScreenDeclaration } from './types';
import { WORKSPACES_API } from '../workspaces';

export const workspaceForm: FormDeclaration = {
  schema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', title: 'workspaces.form.name', minLength: 1, maxLength: 200 },
      description: { type: 'string', title: 'workspaces.form.description', maxLength: 4000 },
    },
  },
  uiSchema: {
    name: { 'ui:placeholder': 'workspaces.form.namePlaceholder', 'ui:autofocus': true },
    description: { 'ui:widget': 'textarea', 'ui:placeholder': 'workspaces.form.descriptionPlaceholder', 'ui:options': { rows: 4 } },
  },
  errorMessages: { name: { required: 'workspaces.form.nameRequired', minLength: 'workspaces.form.nameRequired' } },
  create: {
    title: 'workspaces.form.addTitle',
    submit: 'workspaces.form.add',
    cancel: 'common.cancel',
    // An empty description is sent as '' (spec 000 section 5).
    call: { endpoint: WORKSPACES_API.add, body: { form: true } },
    success: 'workspaces.added',
    failure: 'workspaces.addFailed',
    problemDialogs: { workspaceLimit: 'workspaces.limitTitle' },
    after: { to: 'back' },
  },
  edit: {
    title: 'workspaces.form.editTitle',
    submit: 'workspaces.form.save',
    cancel: 'common.cancel',
    load: { endpoint: WORKSPACES_API.getById, params: { id: '{param.id}' } },
    call: { endpoint: WORKSPACES_API.edit, body: { form: true, fields: { id: '{param.id}' } } },
    success: 'workspaces.edited',
    failure: 'workspaces.editFailed',
    after: { to: 'back', delayMs: 1500 },
  },
};

export const workspacesScreen: ScreenDeclaration = {
  id: 'workspaces',
  title: 'workspaces.title',
  entity: workspaceSchema,
  layout: 'cards',
  source: { call: { endpoint: WORKSPACES_API.getMyWorkspaces }, items: 'workspaces', total: 'totalSize', rowKey: 'id' },
  columns: [
    { key: 'name', label: 'workspaces.form.name', kind: 'text', primary: true },
    { key: 'description', label: 'workspaces.form.description', kind: 'text' },
  ],
  pagination: { pageSize: 24 },
  rowClick: { id: 'choose', label: 'workspaces.open', run: { kind: 'effect', effect: 'chooseWorkspace' } },
  rowActions: [
    { id: 'edit', label: 'workspaces.edit', icon: 'edit', roles: ADMIN_ROLES, run: { kind: 'navigate', to: '/workspace/edit/{row.id}' } },
    {
      id: 'remove',
      label: 'workspaces.remove',
      icon: 'delete',
      tone: 'danger',
      roles: ADMIN_ROLES,
      confirm: {
        ...confirmSoftDelete,
        title: 'workspaces.removeTitle',
        body: 'workspaces.removeBody',
        warning: 'workspaces.removeWarning',
      },
      run: { kind: 'call', call: { endpoint: WORKSPACES_API.delete, body: { id: '{row.id}' } } },
      success: 'workspaces.removed',
      failure: 'workspaces.removeFailed',
      problemDialogs: { workspaceHasSurveys: 'workspaces.cannotRemoveTitle' },
    },
  ],
  createCard: {
    id: 'create',
    label: 'workspaces.new',
    hint: 'workspaces.newHint',
    icon: 'add',
    roles: ADMIN_ROLES,
    run: { kind: 'navigate', to: '/workspace/new-work-space' },
  },
  toolbar: [],
  empty: 'workspaces.empty',
  form: workspaceForm,
};

// Pieces several declarations share: the delete confirmations and the recycle-bin calls.
import { entityTypes } from '../entityTypes';
import type { RoleName } from '../roles';
import type { Action, ApiCall, ConfirmDialog } from './types';
import { RECYCLE_BIN_API } from '../recycleBin';

/** Moving into the bin: it can still be restored. */
export const confirmSoftDelete: ConfirmDialog = {
  title: 'deletedItems.confirm.title',
  body: 'deletedItems.confirm.body',
  warning: 'deletedItems.confirm.softWarning',
  confirm: 'deletedItems.confirm.yes',
  cancel: 'deletedItems.confirm.no',
};

/** The 'Delete Item' dialog of spec 001 section 2, for what cannot come back. */
export const confirmPurge: ConfirmDialog = { ...confirmSoftDelete, warning: 'deletedItems.confirm.purgeWarning' };

export const confirmPurgeAll: ConfirmDialog = {
  ...confirmPurge,
  title: 'deletedItems.confirm.allTitle',
  body: 'deletedItems.confirm.allBody',
};

export function toggleCall(entityType: number, isDeleted: boolean, permanent = false): ApiCall {
  return {
    endpoint: RECYCLE_BIN_API.toggleDeleteOrRestore,
    params: { id: '{row.id}' },
    query: { entityType, isDeleted, ...(permanent ? { permanent: true } : {}) },
  };
}

/** Per-row restore and permanent delete in a bin. */
export function binRowActions(o: {
  entityType: number;
  idField?: string;
  restoreFailure: string;
  deleteFailure: string;
  roles: readonly RoleName[];
  /** What purging this kind of item takes with it, when not the spec's surveys and submissions. */
  purgeWarning?: string;
}): Action[] {
  const withId = (c: ApiCall): ApiCall => (o.idField ? { ...c, params: { ...c.params, id: `{row.${o.idField}}` } } : c);
  return [
    {
      id: 'restore',
      label: 'deletedItems.restore',
      icon: 'restore',
      roles: o.roles,
      run: { kind: 'call', call: withId(toggleCall(o.entityType, false)) },
      success: 'deletedItems.restored',
      failure: o.restoreFailure,
    },
    {
      id: 'delete',
      label: 'deletedItems.delete',
      icon: 'delete',
      tone: 'danger',
      roles: o.roles,
      confirm: o.purgeWarning ? { ...confirmPurge, warning: o.purgeWarning } : confirmPurge,
      run: { kind: 'call', call: withId(toggleCall(o.entityType, true, true)) },
      success: 'deletedItems.deleted',
      failure: o.deleteFailure,
    },
  ];
}

export const { Workspace, Project, OrganizationMember, ProjectMember } = entityTypes;

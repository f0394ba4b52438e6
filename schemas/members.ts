// Organization members as the workspace, project and recycle-bin screens list them (spec 000 section 3
// "Workspace member" and "Organization member in admin lists").
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common';

const named = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } as const;

export const workspaceMemberSchema = {
  $id: 'WorkspaceMember',
  type: 'object',
  required: ['id', 'fullName', 'roles'],
  properties: { id: uuid, fullName: { type: 'string' }, roles: { type: 'array', items: named } },
} as const;
export type WorkspaceMember = FromSchema<typeof workspaceMemberSchema>;

/** `id` is the user, `organizationMemberId` the membership: the recycle bin acts on the membership. */
export const organizationMemberSchema = {
  $id: 'OrganizationMember',
  type: 'object',
  required: ['id', 'organizationMemberId', 'fullName', 'email', 'roles', 'workspaces'],
  properties: {
    id: uuid,
    organizationMemberId: uuid,
    fullName: { type: 'string' },
    email: { type: 'string' },
    roles: { type: 'array', items: named },
    workspaces: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: uuid, name: { type: 'string' } } } },
    deletedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;
export type OrganizationMember = FromSchema<typeof organizationMemberSchema>;

export const workspaceMembersQuery = { type: 'object', required: ['WorkSpaceId'], properties: { WorkSpaceId: uuid } } as const;

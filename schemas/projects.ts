// Projects (spec 000 section 3 "Project (list)" and "Project (create payload)"): the entity, the form
// fields and the payloads of the Projects calls.
import type { FromSchema } from 'json-schema-to-ts';
import { SINGLE_LINE, date, positiveInt, uuid } from './common';

const person = { type: 'object', required: ['id', 'fullName'], properties: { id: uuid, fullName: { type: 'string' } } } as const;

export const projectSchema = {
  $id: 'Project',
  type: 'object',
  required: ['id', 'name', 'description', 'manager', 'countOfSurveys', 'projectMembers', 'importedBeneficiaryTableIds'],
  properties: {
    id: uuid,
    name: { type: 'string' },
    description: { type: 'string' },
    workspaceId: uuid,
    typeId: positiveInt,
    manager: { anyOf: [person, { type: 'null' }] },
    countOfSurveys: { type: 'integer' },
    projectMembers: { type: 'array', items: person },
    importedBeneficiaryTableIds: { type: 'array', items: uuid },
    startDate: date,
    endDate: date,
    countryIds: { type: 'array', items: positiveInt },
    deletedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;
export type Project = FromSchema<typeof projectSchema>;

/**
 * POST /Projects/add. Every field the form requires is optional here so that the server answers the
 * form's own sentences (spec 000 section 5 "Project form") rather than a generic "is required".
 */
export const addProjectBody = {
  type: 'object',
  required: ['workspaceId', 'typeId'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 200, pattern: SINGLE_LINE },
    description: { type: 'string', maxLength: 4000 },
    managerId: uuid,
    members: { type: 'array', maxItems: 1000, uniqueItems: true, items: uuid },
    workspaceId: uuid,
    typeId: positiveInt,
    countryIds: { type: 'array', maxItems: 300, uniqueItems: true, items: positiveInt },
    startDate: date,
    endDate: date,
  },
} as const;
export type AddProjectBody = FromSchema<typeof addProjectBody>;

export const workspaceIdParams = { type: 'object', required: ['workspaceId'], properties: { workspaceId: uuid } } as const;

/** Roles that may not manage a project (spec 000 section 5: "Choices exclude ... DataCollector or Guest"). */
export const NOT_MANAGER_ROLES = ['DataCollector', 'Guest'] as const;

// The project's relationships at a glance (spec 001 section 2 routes /relationships and /quick-actions,
// beside Respondents, Targets and Task Management of the 'Manage Relationships' menu): how many
// respondents, targets and tasks the project has, and in what state, each a link to its page.
import type { FromSchema } from 'json-schema-to-ts';
import { uuid } from './common';
import { endpoint } from './endpoint';
import { ALL_BUT_COLLECTOR } from './roles';

const count = { type: 'integer', minimum: 0, maximum: 100_000_000 } as const;

export const relationshipsQuery = {
  type: 'object',
  required: ['ProjectId'],
  additionalProperties: false,
  properties: { ProjectId: uuid },
} as const;

export const relationshipsReply = {
  type: 'object',
  additionalProperties: false,
  required: ['respondents', 'targets', 'tasks', 'surveys'],
  properties: {
    respondents: {
      type: 'object',
      additionalProperties: false,
      required: ['lists', 'people'],
      properties: { lists: count, people: count },
    },
    /** One per survey (its saved target, or its collection goal), by state. */
    targets: {
      type: 'object',
      additionalProperties: false,
      required: ['surveys', 'reached', 'onTrack', 'behind', 'overdue'],
      properties: { surveys: count, reached: count, onTrack: count, behind: count, overdue: count },
    },
    tasks: {
      type: 'object',
      additionalProperties: false,
      required: ['assigned', 'inProgress', 'completed', 'rejected', 'overdue'],
      properties: { assigned: count, inProgress: count, completed: count, rejected: count, overdue: count },
    },
    surveys: {
      type: 'object',
      additionalProperties: false,
      required: ['editing', 'deployed', 'submissions'],
      properties: { editing: count, deployed: count, submissions: count },
    },
  },
} as const;
export type Relationships = FromSchema<typeof relationshipsReply>;

export const RELATIONSHIPS_API = {
  get: endpoint({
    method: 'GET',
    path: '/Projects/getRelationships',
    access: ALL_BUT_COLLECTOR,
    query: relationshipsQuery,
    answer: relationshipsReply,
  }),
};

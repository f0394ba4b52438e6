// Targets (spec 000 section 2 "Manage Relationships", spec 001 section 2 routes /targets,
// /targets/edit-samplesize, /targets/samplesizecalculator; Target is entity 13 of the recycle bin): how
// many submissions a survey should collect, by a deadline, optionally split across location groups, set
// by hand or from the sample-size calculator. A survey without a saved target has its builder's
// collection goal (collectionGoal, 15 by default) as its target. Progress counts the survey's
// submissions, all of them or the approved ones only, as the target says.
import type { FromSchema } from 'json-schema-to-ts';
import { date, uuid } from './common';
import { endpoint } from './endpoint';
import { ALL_BUT_COLLECTOR, MANAGER_ROLES, type RoleName } from './roles';

/** Who reads targets: the project menu's roles (spec 000 section 6: all but DataCollector). */
export const TARGET_READERS = ALL_BUT_COLLECTOR as readonly RoleName[];
/** Who sets, changes and deletes them: the manager roles. */
export const TARGET_EDITORS = MANAGER_ROLES;

/** The largest target and stratum target (ten million submissions). */
export const TARGET_MAX = 10_000_000;
/** The most location groups one target is split across (a workspace lists at most 500). */
export const TARGET_STRATA_MAX = 500;
export const TARGET_PAGE_SIZE = 10;

/** Where a target's figure came from: the builder's collection goal, a hand-set figure, the calculator. */
export const targetSources = ['goal', 'manual', 'calculator'] as const;
export type TargetSource = (typeof targetSources)[number];

/** reached: the figure is met; behind: fewer than the pace to the deadline asks; overdue: the deadline passed short of it. */
export const targetStatuses = ['reached', 'onTrack', 'behind', 'overdue', 'open'] as const;
export type TargetStatus = (typeof targetStatuses)[number];

/** The confidence levels the calculator offers, in percent. */
export const CONFIDENCE_LEVELS = [90, 95, 99] as const;
/** How a sample is split across strata. */
export const ALLOCATION_METHODS = ['proportional', 'equal'] as const;
/** The bounds of the calculator's fields (percentages as the form shows them: 5 for ±5 %). */
export const SAMPLE_LIMITS = {
  population: { min: 1, max: 1_000_000_000 },
  marginOfError: { min: 0.1, max: 50 },
  proportion: { min: 0.1, max: 99.9 },
  designEffect: { min: 1, max: 20 },
  responseRate: { min: 1, max: 100 },
} as const;

const count = { type: 'integer', minimum: 0, maximum: TARGET_MAX } as const;
const bounded = (l: { min: number; max: number }) => ({ type: 'number', minimum: l.min, maximum: l.max }) as const;

/** The calculator's inputs a target saved from it keeps, so its page can say how it was reached. */
export const calculationSchema = {
  type: 'object',
  required: ['confidence', 'marginOfError', 'proportion', 'designEffect', 'responseRate', 'population', 'method'],
  additionalProperties: false,
  properties: {
    confidence: { type: 'integer', enum: [...CONFIDENCE_LEVELS] },
    marginOfError: bounded(SAMPLE_LIMITS.marginOfError),
    proportion: bounded(SAMPLE_LIMITS.proportion),
    designEffect: bounded(SAMPLE_LIMITS.designEffect),
    responseRate: bounded(SAMPLE_LIMITS.responseRate),
    population: {
      type: ['integer', 'null'],
      minimum: SAMPLE_LIMITS.population.min,
      maximum: SAMPLE_LIMITS.population.max,
    },
    method: { type: 'string', enum: [...ALLOCATION_METHODS] },
  },
} as const;
export type Calculation = FromSchema<typeof calculationSchema>;

/** POST /Targets/save: the survey's target, created or replaced (one live target per survey). */
export const saveTargetBody = {
  type: 'object',
  required: ['surveyId', 'total'],
  additionalProperties: false,
  properties: {
    surveyId: uuid,
    total: { type: 'integer', minimum: 1, maximum: TARGET_MAX },
    startDate: { anyOf: [date, { type: 'null' }] },
    deadline: { anyOf: [date, { type: 'null' }] },
    /** Count approved submissions only (else every submission). */
    approvedOnly: { type: 'boolean', default: false },
    calculation: { anyOf: [calculationSchema, { type: 'null' }] },
    strata: {
      type: 'array',
      maxItems: TARGET_STRATA_MAX,
      default: [],
      items: {
        type: 'object',
        required: ['locationGroupId', 'target'],
        additionalProperties: false,
        properties: {
          locationGroupId: uuid,
          target: count,
          population: { type: ['integer', 'null'], minimum: 1, maximum: SAMPLE_LIMITS.population.max },
        },
      },
    },
  },
} as const;
export type SaveTargetBody = FromSchema<typeof saveTargetBody, { keepDefaultedPropertiesOptional: true }>;

/** GET /Targets/getTargets: a page of the project's surveys with their targets; isDeleted lists the bin. */
export const targetsQuery = {
  type: 'object',
  required: ['ProjectId'],
  properties: {
    ProjectId: uuid,
    Page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    PageSize: { type: 'integer', minimum: 1, maximum: 100, default: TARGET_PAGE_SIZE },
    isDeleted: { type: 'boolean', default: false },
  },
} as const;
export type TargetsQuery = FromSchema<typeof targetsQuery>;

export const surveyTargetQuery = { type: 'object', required: ['surveyId'], properties: { surveyId: uuid } } as const;

const name = { type: 'string', maxLength: 200 } as const;
const nullableDate = { type: ['string', 'null'], format: 'date', maxLength: 10 } as const;

export const targetStratumSchema = {
  type: 'object',
  required: ['locationGroupId', 'name', 'target', 'population', 'counted', 'percent'],
  properties: {
    locationGroupId: uuid,
    name,
    target: count,
    population: { type: ['integer', 'null'] },
    counted: { type: 'integer', minimum: 0 },
    /** Of the stratum's target, 0 to any (over 100 when exceeded); null when the target is 0. */
    percent: { type: ['number', 'null'] },
  },
} as const;

/** One survey's target and its progress. `id` is null while the survey has only its builder's goal. */
export const targetRowSchema = {
  $id: 'Target',
  type: 'object',
  required: [
    'id',
    'surveyId',
    'surveyName',
    'source',
    'total',
    'startDate',
    'deadline',
    'approvedOnly',
    'calculation',
    'counted',
    'percent',
    'expectedByNow',
    'status',
    'strata',
    'outsideStrata',
    'deletedAt',
  ],
  properties: {
    id: { type: ['string', 'null'], format: 'uuid' },
    surveyId: uuid,
    surveyName: name,
    source: { type: 'string', enum: [...targetSources] },
    total: count,
    startDate: nullableDate,
    deadline: nullableDate,
    approvedOnly: { type: 'boolean' },
    calculation: { anyOf: [calculationSchema, { type: 'null' }] },
    counted: { type: 'integer', minimum: 0 },
    percent: { type: 'number', minimum: 0 },
    /** What the pace from the start to the deadline asks for today; null without a deadline. */
    expectedByNow: { type: ['integer', 'null'], minimum: 0 },
    status: { type: 'string', enum: [...targetStatuses] },
    strata: { type: 'array', maxItems: TARGET_STRATA_MAX, items: targetStratumSchema },
    /** Counted submissions that no stratum holds (no task, or a task of another location group). */
    outsideStrata: { type: 'integer', minimum: 0 },
    deletedAt: { type: ['string', 'null'], format: 'date-time', maxLength: 40 },
  },
} as const;
export type TargetRow = FromSchema<typeof targetRowSchema>;

export const targetListSchema = {
  type: 'object',
  required: ['targets', 'totalSize'],
  properties: {
    targets: { type: 'array', maxItems: targetsQuery.properties.PageSize.maximum, items: targetRowSchema },
    totalSize: { type: 'integer', minimum: 0 },
  },
} as const;

/** The Target calls. Deleting goes through the recycle bin (PUT /DataCollection/{id}/toggleDeleteOrRestore, entityType 13). */
export const TARGETS_API = {
  getTargets: endpoint({
    method: 'GET',
    path: '/Targets/getTargets',
    access: TARGET_READERS,
    query: targetsQuery,
    answer: targetListSchema,
  }),
  getSurveyTarget: endpoint({
    method: 'GET',
    path: '/Targets/getSurveyTarget',
    access: TARGET_READERS,
    query: surveyTargetQuery,
    answer: targetRowSchema,
  }),
  save: endpoint({ method: 'POST', path: '/Targets/save', access: TARGET_EDITORS, body: saveTargetBody, answer: targetRowSchema }),
} as const;

// One emitter per question type: the JSON Schema of the answer (the form data format, README "Form
// data") and the type's widget options. Keyed by the type table, so a type without an emitter fails
// the build. Sections (0) are laid out by compile.ts; their entry here describes the counter only.
import type { FieldNode } from './bindings';
import { SHEET_TYPES, sheetTypeOf, type QuestionType } from './question-types';
import { textIn } from './text';
import { BLOCKED_EXTENSIONS, MAX_FILE_BYTES, TEXT_MAX_LENGTH, rangeOf } from './values';
import type { LocalizedText } from './model';

/** A JSON Schema (draft 7 subset) as rjsf reads it. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: (string | number)[];
  oneOf?: JsonSchema[];
  const?: string | number | boolean;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  readOnly?: boolean;
}

export interface ChoiceOption {
  id: string;
  name: string;
  /** In the form's language; '( No label )' when the choice has none. */
  label: string;
  emoji: string | null;
  /** The file name of the choice's image in the form's language (else the base language's), among the survey's media; absent: none. */
  image?: string;
}

export interface EmitContext {
  languageId: number;
  baseLanguageId: number;
  choiceOptions(list: FieldNode['choices']): ChoiceOption[];
}

export interface Emitted {
  schema: JsonSchema;
  /** Type-specific members of the question's `ui:options`. */
  options: Record<string, unknown>;
}

type Emitter = (field: FieldNode, ctx: EmitContext) => Emitted;

const GEOPOINT = '^-?\\d+(\\.\\d+)?\\s+-?\\d+(\\.\\d+)?(\\s+-?\\d+(\\.\\d+)?){0,2}$';
const NAMES = '^\\S+( \\S+)*$';

const choiceSchema = (field: FieldNode, ctx: EmitContext): JsonSchema[] =>
  ctx.choiceOptions(field.choices).map((c) => ({ const: c.name, title: c.label }));

const fileOptions = (accept: string) => ({ accept, maxBytes: MAX_FILE_BYTES, blockedExtensions: BLOCKED_EXTENSIONS, maxFiles: 1 });

const computed: Emitter = () => ({ schema: { type: 'string', readOnly: true }, options: { computed: true } });

export const EMITTERS: Record<QuestionType, Emitter> = {
  0: () => ({ schema: { type: 'integer', minimum: 0 }, options: {} }),
  32: (f, ctx) => ({
    schema: { type: 'string', oneOf: choiceSchema(f, ctx) },
    options: { choices: ctx.choiceOptions(f.choices), choiceFilter: f.choiceFilter !== null },
  }),
  33: (f, ctx) => ({
    schema: { type: 'string', pattern: NAMES },
    options: { choices: ctx.choiceOptions(f.choices), choiceFilter: f.choiceFilter !== null, maxChoices: f.maxChoices },
  }),
  // A line, shape or barcode variant says so (`sheetType`): the widget draws its own input for a line or shape.
  34: (f) => {
    const numbers = f.appearance.includes('numbers');
    const sheetType = sheetTypeOf(f.model);
    return {
      schema: numbers
        ? { type: 'string', pattern: '^[0-9]+$', maxLength: TEXT_MAX_LENGTH }
        : { type: 'string', maxLength: TEXT_MAX_LENGTH },
      options: { rows: 4, maxLength: TEXT_MAX_LENGTH, numbers, ...(sheetType ? { sheetType } : {}) },
    };
  },
  35: () => ({ schema: { type: 'integer' }, options: { step: 1 } }),
  36: () => ({ schema: { type: 'number', minimum: 0 }, options: { min: 0, step: 0.01 } }),
  37: (f) => ({ schema: { type: 'string', format: 'date' }, options: { monthYear: f.appearance.includes('month-year') } }),
  38: () => ({ schema: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }, options: {} }),
  40: () => ({ schema: { type: 'string', readOnly: true }, options: { display: true } }),
  100: () => ({ schema: { type: 'string', maxLength: 40 }, options: { defaultCountry: 'US' } }),
  104: () => ({ schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} ([01]\\d|2[0-3]):[0-5]\\d$' }, options: {} }),
  105: () => ({ schema: { type: 'string', pattern: GEOPOINT }, options: { timeoutMs: 10_000, highAccuracy: true } }),
  106: (f) => {
    const maxPixels = Number(f.parameters['max-pixels']);
    return {
      schema: { type: 'string', format: 'data-url' },
      options: { ...fileOptions('image/*'), quality: 0.8, ...(maxPixels > 0 ? { maxPixels } : {}) },
    };
  },
  // An audio or video variant takes that media kind only, with the same limits.
  110: (f) => {
    const sheetType = sheetTypeOf(f.model);
    const accept: string | undefined = sheetType ? (SHEET_TYPES[sheetType] as { accept?: string }).accept : undefined;
    return {
      schema: { type: 'string', format: 'data-url' },
      options: { ...fileOptions(accept ?? 'application/*'), ...(sheetType ? { sheetType } : {}) },
    };
  },
  112: () => ({ schema: { type: 'boolean' }, options: {} }),
  113: computed,
  275: (f, ctx) => {
    const r = f.range ?? rangeOf({});
    const labels = f.model.range;
    const label = (texts: readonly LocalizedText[] | undefined) =>
      texts ? (textIn(texts, ctx.languageId, ctx.baseLanguageId) ?? null) : null;
    return {
      schema: { type: 'number', minimum: Math.min(r.start, r.end), maximum: Math.max(r.start, r.end), multipleOf: r.step },
      options: {
        ...r,
        stars: f.appearance.includes('rating'),
        firstLabel: label(labels?.firstLabel),
        secondLabel: label(labels?.secondLabel),
      },
    };
  },
  276: (f, ctx) => {
    const columns = ctx.choiceOptions(f.columns);
    const properties: Record<string, JsonSchema> = {};
    for (const row of ctx.choiceOptions(f.choices))
      properties[row.name] = { type: 'string', title: row.label, enum: columns.map((c) => c.name) };
    return {
      schema: { type: 'object', properties, additionalProperties: false },
      options: { rows: ctx.choiceOptions(f.choices), columns, minColumnWidth: 100 },
    };
  },
  277: (f, ctx) => {
    const columns = ctx.choiceOptions(f.columns);
    const properties: Record<string, JsonSchema> = {};
    for (const row of ctx.choiceOptions(f.choices)) {
      properties[row.name] = {
        type: 'array',
        title: row.label,
        items: { type: 'string', enum: columns.map((c) => c.name) },
        uniqueItems: true,
      };
    }
    return {
      schema: { type: 'object', properties, additionalProperties: false },
      options: { rows: ctx.choiceOptions(f.choices), columns, minColumnWidth: 200 },
    };
  },
  278: (f, ctx) => ({
    schema: { type: 'string', pattern: NAMES },
    options: { choices: ctx.choiceOptions(f.choices), choiceFilter: f.choiceFilter !== null },
  }),
  279: computed,
};

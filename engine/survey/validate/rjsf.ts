// The validator in the shape @rjsf/core asks of a `validator` (its ValidatorType), without ajv and
// without importing rjsf: the fill route gives rjsf this object, so the browser refuses exactly what
// the server refuses. Errors come back as rjsf's errorSchema, nested like the form data.
import type { FormState } from '../../expression/index';
import type { Bindings } from '../bindings';
import type { JsonSchema } from '../emitters';
import { isObject, type FormValues } from '../instances';
import { checkState, validateAnswers, type Issue, type ValidateOptions, type ValidationResult } from './validate';

/** What rjsf accepts as an error (its RJSFValidationError). */
export interface ValidationErrorLike {
  name?: string;
  message?: string;
  property?: string;
  stack: string;
  params?: unknown;
  title?: string;
}

/** The errors this validator gives. */
export interface FormValidationError extends ValidationErrorLike {
  name: string;
  message: string;
  property: string;
  stack: string;
  params: { path: string; questionId: string };
  title?: string;
}

/** rjsf's ErrorSchema: `{ age: { __errors: [...] }, members: { 1: { name: { __errors: [...] } } } }`. */
export type ErrorSchema = { __errors?: string[] } & { [key: string]: ErrorSchema | undefined };

export interface FormValidator {
  validateFormData(
    formData: FormValues | undefined,
    schema: unknown,
    // rjsf's CustomValidator and ErrorTransformer; `never` where rjsf's own types go, so that rjsf's
    // functions fit without this module importing rjsf.
    customValidate?: (formData: FormValues | undefined, errors: never, uiSchema?: never) => unknown,
    transformErrors?: (errors: FormValidationError[], uiSchema?: never) => ValidationErrorLike[],
    uiSchema?: unknown,
  ): { errors: ValidationErrorLike[]; errorSchema: ErrorSchema };
  isValid(schema: unknown, formData: unknown, rootSchema: unknown): boolean;
  rawValidation<Result = FormValidationError>(schema: unknown, formData?: unknown): { errors?: Result[]; validationError?: Error };
  /** The last full result (issues with paths, the submit-level message, the stored data). */
  last(): ValidationResult | undefined;
}

export interface ErrorHandler {
  __errors: string[];
  addError(message: string): void;
  [key: string]: unknown;
}

export function toErrorSchema(issues: readonly Issue[]): ErrorSchema {
  const root: ErrorSchema = {};
  for (const issue of issues) {
    let node: ErrorSchema = root;
    for (const key of issue.pointer) {
      const next: ErrorSchema = node[String(key)] ?? {};
      node[String(key)] = next;
      node = next;
    }
    (node.__errors ??= []).push(issue.message);
  }
  return root;
}

const propertyOf = (pointer: readonly (string | number)[]): string => pointer.map((k) => `.${k}`).join('');

function toErrors(issues: readonly Issue[]): FormValidationError[] {
  return issues.map((i) => {
    const property = propertyOf(i.pointer);
    return {
      name: i.kind,
      message: i.message,
      property,
      stack: `${property} ${i.message}`,
      params: { path: i.path, questionId: i.questionId },
    };
  });
}

/** rjsf's error handler for customValidate: addError() at any level of the data. */
function errorHandler(data: unknown): ErrorHandler {
  const handler: ErrorHandler = {
    __errors: [],
    addError(message: string) {
      this.__errors.push(message);
    },
  };
  if (isObject(data) || Array.isArray(data)) for (const [k, v] of Object.entries(data)) handler[k] = errorHandler(v);
  return handler;
}

function unwrap(handler: unknown): ErrorSchema {
  const out: ErrorSchema = {};
  if (!isObject(handler)) return out;
  for (const [k, v] of Object.entries(handler)) {
    if (k === 'addError') continue;
    if (k === '__errors') {
      if (Array.isArray(v) && v.length) out.__errors = v.map(String);
    } else {
      const inner = unwrap(v);
      if (Object.keys(inner).length) out[k] = inner;
    }
  }
  return out;
}

function merge(a: ErrorSchema, b: ErrorSchema): ErrorSchema {
  const out: ErrorSchema = { ...a };
  for (const k of Object.keys(b)) {
    if (k === '__errors') out.__errors = [...(a.__errors ?? []), ...(b.__errors ?? [])];
    else out[k] = merge(a[k] ?? {}, b[k] ?? {});
  }
  return out;
}

/** A JSON Schema subset check (type, const, enum, required, properties, items) for rjsf's oneOf/anyOf matching. */
function matches(schema: unknown, value: unknown): boolean {
  if (!isObject(schema)) return true;
  const s = schema as JsonSchema;
  if (s.const !== undefined && value !== s.const) return false;
  if (s.enum && !s.enum.includes(value as string | number)) return false;
  switch (s.type) {
    case 'object':
      if (!isObject(value)) return false;
      if (s.required?.some((k) => value[k] === undefined)) return false;
      return Object.entries(s.properties ?? {}).every(([k, sub]) => value[k] === undefined || matches(sub, value[k]));
    case 'array':
      return Array.isArray(value) && (s.items === undefined || value.every((v) => matches(s.items, v)));
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/**
 * A validator for rjsf's Form. With `state`, the page's live FormState is checked as it is (no second
 * evaluation); without, the form data is settled from scratch.
 */
export function createFormValidator(b: Bindings, opts: ValidateOptions & { state?: () => FormState | undefined } = {}): FormValidator {
  let last: ValidationResult | undefined;
  return {
    validateFormData(formData, _schema, customValidate, transformErrors, uiSchema) {
      const state = opts.state?.();
      last = state ? checkState(b, state, opts.languageId ?? b.baseLanguageId, opts.fileInfo) : validateAnswers(b, formData ?? {}, opts);
      const own = toErrors(last.issues);
      const errors: ValidationErrorLike[] = transformErrors ? transformErrors(own, uiSchema as never) : own;
      let errorSchema = toErrorSchema(last.issues);
      if (customValidate) {
        const extra = unwrap(customValidate(formData, errorHandler(formData) as never, uiSchema as never));
        errorSchema = merge(errorSchema, extra);
      }
      return { errors, errorSchema };
    },
    isValid: (schema, formData) => matches(schema, formData),
    rawValidation<Result>(_schema: unknown, formData?: unknown) {
      const result = validateAnswers(b, isObject(formData) ? formData : {}, opts);
      // rjsf leaves the error type to the validator; these are FormValidationErrors.
      return { errors: toErrors(result.issues) as unknown as Result[] };
    },
    last: () => last,
  };
}

// rjsf's ValidatorType on engine/survey's validator: the one the server runs on every submission.
// No ajv: the fill route cannot afford it (ARCHITECTURE.md), and the survey's own rules (relevance,
// constraints, choice filters, the spec's texts) are the engine's, not JSON Schema's.
import {
  ErrorSchemaBuilder,
  createErrorHandler,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { FormState } from '../../engine/expression/index';
import { checkState, validateAnswers, type Bindings, type FormValues, type ValidationResult } from '../../engine/survey/index';
import type { AnswerChecker } from '../runtime/store';
import type { FormContext } from '../types';
import { schemaProblems } from './schema-match';

export interface SurveyValidatorOptions {
  /** The clock for today() and now(); the real one when absent. */
  now?: () => Date;
}

const isValues = (v: unknown): v is FormValues => typeof v === 'object' && v !== null && !Array.isArray(v);

export class SurveyValidator implements ValidatorType<FormValues, RJSFSchema, FormContext>, AnswerChecker {
  constructor(
    readonly bindings: Bindings,
    private readonly opts: SurveyValidatorOptions = {},
  ) {}

  /** The page's live form state, checked as it is: no second evaluation of the survey. */
  checkState(b: Bindings, state: FormState, languageId: number): ValidationResult {
    return checkState(b, state, languageId);
  }

  /** The engine's verdict on form data: issues in display order, the submit-level text, the answers to store. */
  check(data: FormValues, languageId?: number): ValidationResult {
    const now = this.opts.now?.();
    return validateAnswers(this.bindings, data, { ...(languageId !== undefined ? { languageId } : {}), ...(now ? { now } : {}) });
  }

  validateFormData(
    formData: FormValues | undefined,
    _schema: RJSFSchema,
    customValidate?: CustomValidator<FormValues, RJSFSchema, FormContext>,
    transformErrors?: ErrorTransformer<FormValues, RJSFSchema, FormContext>,
    uiSchema?: UiSchema<FormValues, RJSFSchema, FormContext>,
  ): ValidationData<FormValues> {
    const languageId = (uiSchema?.['ui:options'] as { language?: { languageId?: number } } | undefined)?.language?.languageId;
    const result = this.check(isValues(formData) ? formData : {}, languageId);
    const builder = new ErrorSchemaBuilder<FormValues>();
    let errors: RJSFValidationError[] = result.issues.map((issue) => {
      builder.addErrors(issue.message, issue.pointer.map(String));
      const property = `.${issue.pointer.join('.')}`;
      return { name: issue.kind, property, message: issue.message, stack: `${issue.path}: ${issue.message}`, params: { path: issue.path }, schemaPath: '' };
    });
    // The submit rule's text (spec 001 section 5) belongs to the whole form.
    if (result.message !== null) {
      builder.addErrors(result.message);
      errors.push({ name: 'submit', property: '.', message: result.message, stack: result.message, params: {}, schemaPath: '' });
    }
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const validation: ValidationData<FormValues> = { errors, errorSchema: builder.ErrorSchema as ErrorSchema<FormValues> };
    if (!customValidate) return validation;
    const handler = customValidate(formData, createErrorHandler<FormValues>(formData ?? {}), uiSchema);
    return validationDataMerge(validation, unwrapErrorHandler<FormValues>(handler));
  }

  isValid(schema: RJSFSchema, formData: FormValues | undefined): boolean {
    return schemaProblems(schema, formData).length === 0;
  }

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: FormValues): { errors?: Result[]; validationError?: Error } {
    return { errors: schemaProblems(schema, formData) as Result[] };
  }
}

const byBindings = new WeakMap<Bindings, SurveyValidator>();

/** One validator per survey (its bindings), shared by the form, the runtime and the page. */
export function validatorFor(bindings: Bindings, opts?: SurveyValidatorOptions): SurveyValidator {
  let v = byBindings.get(bindings);
  if (v === undefined || opts !== undefined) {
    v = new SurveyValidator(bindings, opts);
    byBindings.set(bindings, v);
  }
  return v;
}

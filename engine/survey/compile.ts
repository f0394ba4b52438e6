// Survey -> { schema, uiSchema, bindings } in one language. The bindings are language-independent and
// shared between languages (switching language re-runs only this file's cheap walk). Non-repeat
// sections add no level to the form data: they exist in the UI schema's layout only. Repeats are
// arrays of objects. See README.md for the conventions the widgets rely on.
import { bindSurvey, type BindingNode, type Bindings, type FieldNode, type SectionNode } from './bindings';
import { EMITTERS, type ChoiceOption, type EmitContext, type JsonSchema } from './emitters';
import type { SurveyModel } from './model';
import { QUESTION_TYPES } from './question-types';
import { NO_LABEL, directionOf, languageOf, textIn } from './text';

export type LayoutNode =
  | { kind: 'question'; name: string }
  | { kind: 'section' | 'repeat'; name: string; id: string; title: string; description: string | null; children: LayoutNode[] };

export interface FormLanguage {
  languageId: number;
  code: string;
  name: string;
  dir: 'rtl' | 'ltr';
}

/** The uiSchema of one object level (the form, or one repeat instance). */
export interface UiSchema {
  'ui:order'?: string[];
  'ui:options'?: Record<string, unknown>;
  'ui:widget'?: string;
  items?: UiSchema;
  [name: string]: unknown;
}

export interface CompiledForm {
  schema: JsonSchema;
  uiSchema: UiSchema;
  bindings: Bindings;
  language: FormLanguage;
}

export function compileSurvey(survey: SurveyModel, languageId?: number): CompiledForm {
  const bindings = bindSurvey(survey);
  const lang = languageOf(survey.surveyLanguageMaps, languageId);
  const language: FormLanguage = lang
    ? { languageId: lang.languageId, code: lang.code, name: lang.name, dir: directionOf(lang.code) }
    : { languageId: 0, code: 'en', name: 'English', dir: 'ltr' };
  const base = bindings.baseLanguageId;
  const text = (texts: Parameters<typeof textIn>[0]) => textIn(texts, language.languageId, base);
  const ctx: EmitContext = {
    languageId: language.languageId,
    baseLanguageId: base,
    choiceOptions: (list): ChoiceOption[] =>
      list.map((c) => {
        const image = c.media.length ? text(c.media.filter((m) => m.kind === 'image')) : undefined;
        return { id: c.id, name: c.name, label: text(c.labels) ?? NO_LABEL, emoji: c.emoji, ...(image ? { image } : {}) };
      }),
  };

  const level = (nodes: readonly BindingNode[]) => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const ui: UiSchema = {};
    const order: string[] = [];
    const layout = (list: readonly BindingNode[]): LayoutNode[] =>
      list.map((node): LayoutNode => {
        if (node.kind === 'field') {
          const { schema, options } = field(node);
          properties[node.name] = schema;
          ui[node.name] = options;
          order.push(node.name);
          if (node.required) required.push(node.name);
          return { kind: 'question', name: node.name };
        }
        const head = {
          name: node.name,
          id: node.id,
          title: text(node.model.questionLabels) ?? NO_LABEL,
          description: text(node.model.surveyQuestionHints) ?? null,
        };
        if (!node.repeat) return { kind: 'section', ...head, children: layout(node.children) };
        const { schema, uiSchema, tree } = repeat(node, head.title, head.description);
        properties[node.name] = schema;
        ui[node.name] = uiSchema;
        order.push(node.name);
        return { kind: 'repeat', ...head, children: tree };
      });
    const tree = layout(nodes);
    const schema: JsonSchema = { type: 'object', properties, ...(required.length ? { required } : {}) };
    return { schema, tree, ui: { ...ui, 'ui:order': order, 'ui:options': { layout: tree } } as UiSchema };
  };

  const repeat = (node: SectionNode, title: string, description: string | null) => {
    const inner = level(node.children);
    const fixed = typeof node.repeatCount === 'number' ? node.repeatCount : undefined;
    const schema: JsonSchema = {
      type: 'array',
      title,
      ...(description !== null ? { description } : {}),
      items: inner.schema,
      ...(fixed !== undefined ? { minItems: fixed, maxItems: fixed } : {}),
    };
    const counted = node.repeatCount !== null;
    const uiSchema: UiSchema = {
      'ui:options': {
        questionType: 0,
        questionId: node.id,
        name: node.name,
        repeat: true,
        repeatCount: typeof node.repeatCount === 'number' ? node.repeatCount : (node.repeatCount?.source ?? null),
        relevant: node.relevant !== null,
        addable: !counted,
        removable: !counted,
        orderable: false,
      },
      items: inner.ui,
    };
    return { schema, uiSchema, tree: inner.tree };
  };

  const field = (node: FieldNode) => {
    const info = QUESTION_TYPES[node.type];
    const emitted = EMITTERS[node.type](node, ctx);
    const title = text(node.model.questionLabels) ?? NO_LABEL;
    const hint = text(node.model.surveyQuestionHints);
    const schema: JsonSchema = { ...emitted.schema, title, ...(hint !== undefined ? { description: hint } : {}) };
    const options = {
      'ui:widget': info.key,
      'ui:options': {
        questionType: node.type,
        questionId: node.id,
        name: node.name,
        label: title,
        hint: hint ?? null,
        references: node.textRefs,
        required: node.required,
        relevant: node.relevant !== null,
        computed: info.source === 'computed' || node.calculation !== null,
        // Only when true: rjsf reads `ui:options.readonly` as ui:readonly, and a false here would
        // override the form's own readonly (a stored submission shown read-only).
        ...(info.source !== 'input' || node.calculation !== null || node.model.readOnly ? { readonly: true } : {}),
        appearance: node.appearance,
        hasEmoji: node.model.hasEmoji,
        ...emitted.options,
      },
    };
    return { schema, options };
  };

  const top = level(bindings.root);
  const schema: JsonSchema = { ...top.schema, title: survey.name, ...(survey.description ? { description: survey.description } : {}) };
  const uiSchema: UiSchema = {
    ...top.ui,
    'ui:options': { ...top.ui['ui:options'], language, surveyId: survey.id, toggleLocation: survey.toggleLocation },
  };
  return { schema, uiSchema, bindings, language };
}

// The compiler: one JSON Schema property and one UI schema entry per question, sections in the layout
// only, repeats as arrays of objects, texts in the form's language.
import { describe, expect, it } from 'vitest';
import {
  QUESTION_TYPES,
  QUESTION_TYPE_CODES,
  compileSurvey,
  q,
  repeat,
  section,
  survey,
  type JsonSchema,
  type QuestionBuilder,
  type QuestionType,
} from '../../../engine/survey/index';
import { demoSurvey } from '../../../fixtures/demo/surveys';
import { LANGUAGES, trilingual } from './helpers';

const ui = (form: ReturnType<typeof compileSurvey>, name: string) =>
  form.uiSchema[name] as { 'ui:widget': string; 'ui:options': Record<string, unknown> };

/** One question of each answerable type, as the compiler should see it. */
const ONE_OF_EACH: Record<Exclude<QuestionType, 0>, [() => QuestionBuilder, JsonSchema]> = {
  32: [
    () => q.select_one('x').choices('a', 'b'),
    {
      type: 'string',
      oneOf: [
        { const: 'a', title: 'a' },
        { const: 'b', title: 'b' },
      ],
    },
  ],
  33: [() => q.select_multiple('x').choices('a', 'b'), { type: 'string', pattern: '^\\S+( \\S+)*$' }],
  34: [() => q.text('x'), { type: 'string', maxLength: 30000 }],
  35: [() => q.integer('x'), { type: 'integer' }],
  36: [() => q.decimal('x'), { type: 'number', minimum: 0 }],
  37: [() => q.date('x'), { type: 'string', format: 'date' }],
  38: [() => q.time('x'), { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' }],
  40: [() => q.note('x'), { type: 'string', readOnly: true }],
  100: [() => q.phone('x'), { type: 'string', maxLength: 40 }],
  104: [() => q.datetime('x'), { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} ([01]\\d|2[0-3]):[0-5]\\d$' }],
  105: [() => q.geopoint('x'), { type: 'string' }],
  106: [() => q.image('x'), { type: 'string', format: 'data-url' }],
  110: [() => q.file('x'), { type: 'string', format: 'data-url' }],
  112: [() => q.acknowledge('x'), { type: 'boolean' }],
  113: [() => q.calculate('x').calculation('1 + 1'), { type: 'string', readOnly: true }],
  275: [() => q.range('x').parameters('start=0 end=10 step=2'), { type: 'number', minimum: 0, maximum: 10, multipleOf: 2 }],
  276: [
    () => q.rating('x').choices('r1').columns('c1', 'c2'),
    { type: 'object', properties: { r1: { type: 'string', title: 'r1', enum: ['c1', 'c2'] } }, additionalProperties: false },
  ],
  277: [
    () => q.matrix('x').choices('r1').columns('c1', 'c2'),
    {
      type: 'object',
      properties: { r1: { type: 'array', title: 'r1', items: { type: 'string', enum: ['c1', 'c2'] }, uniqueItems: true } },
      additionalProperties: false,
    },
  ],
  278: [() => q.ranking('x').choices('a', 'b'), { type: 'string', pattern: '^\\S+( \\S+)*$' }],
  279: [() => q.hidden('x').default('v1'), { type: 'string', readOnly: true }],
};

describe('compileSurvey: one emitter per type', () => {
  it.each(Object.entries(ONE_OF_EACH))('type %s: schema and ui:widget', (code, [make, expected]) => {
    const form = compileSurvey(survey(make().label('Label')));
    expect(form.schema.properties?.x).toMatchObject({ ...expected, title: 'Label' });
    expect(ui(form, 'x')['ui:widget']).toBe(QUESTION_TYPES[Number(code) as QuestionType].key);
    expect(ui(form, 'x')['ui:options']).toMatchObject({ questionType: Number(code), name: 'x', label: 'Label' });
  });

  it('covers every type but the section, which is laid out instead', () => {
    expect(
      Object.keys(ONE_OF_EACH)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(QUESTION_TYPE_CODES.filter((c) => c !== 0));
  });

  it('marks required questions in the schema and the widget options', () => {
    const form = compileSurvey(survey(q.text('a').required(), q.text('b'), q.calculate('c').calculation('1').required()));
    expect(form.schema.required).toEqual(['a']);
    expect(ui(form, 'a')['ui:options'].required).toBe(true);
    expect(ui(form, 'c')['ui:options']).toMatchObject({ required: false, readonly: true, computed: true });
  });

  it('hands the widgets what spec 001 section 5 asks of each type', () => {
    const form = compileSurvey(
      survey(
        q.select_multiple('m').choices('a', 'b', 'c').maxChoices(2),
        q.text('t').appearance('numbers'),
        q.date('d').appearance('month-year'),
        q.range('r').appearance('rating'),
        q.image('i').parameters('max-pixels=640'),
      ),
    );
    expect(ui(form, 'm')['ui:options']).toMatchObject({
      maxChoices: 2,
      choices: [{ name: 'a', label: 'a' }, { name: 'b' }, { name: 'c' }],
    });
    expect(form.schema.properties?.t).toMatchObject({ pattern: '^[0-9]+$' });
    expect(ui(form, 't')['ui:options']).toMatchObject({ numbers: true, appearance: ['numbers'] });
    expect(ui(form, 'd')['ui:options']).toMatchObject({ monthYear: true });
    expect(ui(form, 'r')['ui:options']).toMatchObject({ start: 1, end: 5, step: 1, stars: true });
    expect(ui(form, 'i')['ui:options']).toMatchObject({
      accept: 'image/*',
      maxBytes: 5_000_000,
      blockedExtensions: expect.arrayContaining(['app', 'exe', 'ini', 'bat', 'html', 'svg']),
      quality: 0.8,
      maxPixels: 640,
    });
  });
});

describe('compileSurvey: sections and repeats', () => {
  const s = survey(
    section('intro', q.text('name'), section('inner', q.integer('age')))
      .label('Intro')
      .hint('About you'),
    repeat('members', q.text('member_name').required(), repeat('visits', q.date('visit_date'))).label('Members'),
    q.integer('n'),
    repeat('fixed', q.text('f')).repeat(3),
    repeat('counted', q.text('g')).repeat('${n}'),
  );
  const form = compileSurvey(s);

  it('keeps answers of plain sections at their level: sections exist in the layout only', () => {
    expect(Object.keys(form.schema.properties ?? {})).toEqual(['name', 'age', 'members', 'n', 'fixed', 'counted']);
    expect(form.uiSchema['ui:order']).toEqual(['name', 'age', 'members', 'n', 'fixed', 'counted']);
  });

  it('describes the section tree in ui:options.layout', () => {
    const layout = (form.uiSchema['ui:options'] as { layout: unknown[] }).layout;
    expect(layout[0]).toMatchObject({
      kind: 'section',
      name: 'intro',
      title: 'Intro',
      description: 'About you',
      children: [
        { kind: 'question', name: 'name' },
        { kind: 'section', name: 'inner', children: [{ kind: 'question', name: 'age' }] },
      ],
    });
    expect(layout[1]).toMatchObject({
      kind: 'repeat',
      name: 'members',
      children: [
        { kind: 'question', name: 'member_name' },
        { kind: 'repeat', name: 'visits' },
      ],
    });
  });

  it('makes a repeat an array of objects, nested repeats inside', () => {
    expect(form.schema.properties?.members).toMatchObject({
      type: 'array',
      title: 'Members',
      items: {
        type: 'object',
        required: ['member_name'],
        properties: {
          member_name: { type: 'string' },
          visits: { type: 'array', items: { properties: { visit_date: { format: 'date' } } } },
        },
      },
    });
    const members = form.uiSchema.members as { items: Record<string, unknown>; 'ui:options': Record<string, unknown> };
    expect(members['ui:options']).toMatchObject({ repeat: true, addable: true, removable: true, repeatCount: null });
    expect(members.items['ui:order']).toEqual(['member_name', 'visits']);
    expect(members.items.member_name).toMatchObject({ 'ui:widget': 'text' });
  });

  it('fixes the number of instances of a counted repeat', () => {
    expect(form.schema.properties?.fixed).toMatchObject({ minItems: 3, maxItems: 3 });
    expect((form.uiSchema.fixed as { 'ui:options': unknown })['ui:options']).toMatchObject({
      repeatCount: 3,
      addable: false,
      removable: false,
    });
    expect((form.uiSchema.counted as { 'ui:options': unknown })['ui:options']).toMatchObject({ repeatCount: '${n}', addable: false });
  });
});

describe('compileSurvey: languages', () => {
  const s = trilingual(
    q.text('name').label({ en: 'Name', fr: 'Nom', ar: 'الاسم' }).hint({ en: 'Full name' }),
    q.text('greeting').label({ en: 'Hello ${name}', fr: 'Bonjour ${name}' }),
    q
      .select_one('yn')
      .label({ en: 'OK?' })
      .choices({ name: 'yes', label: { en: 'Yes', fr: 'Oui' } }, { name: 'no', label: { fr: 'Non' } }),
    q.integer('bare'),
  );

  it('takes texts in the language asked for, the base language when it has none, and says so when neither has one', () => {
    const fr = compileSurvey(s, 2);
    expect(fr.schema.properties?.name).toMatchObject({ title: 'Nom', description: 'Full name' });
    expect(fr.schema.properties?.yn?.title).toBe('OK?');
    expect(fr.schema.properties?.bare?.title).toBe('( No label )');
    expect(ui(fr, 'yn')['ui:options'].choices).toMatchObject([
      { name: 'yes', label: 'Oui' },
      { name: 'no', label: 'Non' },
    ]);
    const en = compileSurvey(s, 1);
    expect(ui(en, 'yn')['ui:options'].choices).toMatchObject([
      { name: 'yes', label: 'Yes' },
      { name: 'no', label: '( No label )' },
    ]);
  });

  it("gives each choice its image in the form's language, the base language's when it has none, and none when neither has one", () => {
    const withImages = trilingual(q.select_one('animal').choices('goat', 'cow', 'hen'));
    const [goat, cow] = withImages.surveyItems[0]!.surveyItem.selectQuestionChoices;
    goat!.media = [
      { kind: 'image', languageId: 1, text: 'goat.png' },
      { kind: 'image', languageId: 2, text: 'chevre.png' },
      { kind: 'audio', languageId: 2, text: 'goat.mp3' },
    ];
    cow!.media = [{ kind: 'image', languageId: 1, text: 'cow.jpg' }];
    const images = (languageId: number) =>
      (ui(compileSurvey(withImages, languageId), 'animal')['ui:options'].choices as { name: string; image?: string }[]).map((c) => c.image);
    expect(images(2)).toEqual(['chevre.png', 'cow.jpg', undefined]);
    expect(images(3)).toEqual(['goat.png', 'cow.jpg', undefined]);
  });

  it('keeps label references for the page to fill, and lists them', () => {
    const fr = compileSurvey(s, 2);
    expect(fr.schema.properties?.greeting?.title).toBe('Bonjour ${name}');
    expect(ui(fr, 'greeting')['ui:options'].references).toEqual(['name']);
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(compileSurvey(s, 3).language).toEqual({ languageId: 3, code: 'ar', name: 'Arabic', dir: 'rtl' });
    expect(compileSurvey(s, 2).language.dir).toBe('ltr');
    expect(compileSurvey(s).language.code).toBe('en');
    expect(compileSurvey(s, 99).language.code).toBe('en');
  });

  it('shares the bindings between languages', () => {
    expect(compileSurvey(s, 1).bindings).toBe(compileSurvey(s, 3).bindings);
  });
});

describe('the demo survey', () => {
  const model = demoSurvey(LANGUAGES);
  const form = compileSurvey(model, 3);

  it('compiles without a diagnostic', () => {
    expect(form.bindings.diagnostics).toEqual([]);
  });

  it('uses all 21 question types, a repeat, a choice filter and a calculation chain', () => {
    const types = new Set(form.bindings.nodes.map((n) => n.type));
    expect([...types].sort((a, b) => a - b)).toEqual(QUESTION_TYPE_CODES);
    expect(form.bindings.nodes.some((n) => n.kind === 'section' && n.repeat)).toBe(true);
    expect(form.bindings.nodes.some((n) => n.kind === 'field' && n.choiceFilter !== null)).toBe(true);
    const calc = (name: string) => form.bindings.byName.get(name) as { calculation: { references: readonly string[] } };
    expect(calc('child_share').calculation.references).toContain('children_under5');
    expect(calc('children_under5').calculation.references).toContain('is_child');
  });

  it('has every label in English, French and Arabic', () => {
    for (const node of form.bindings.nodes) {
      const labels = node.model.questionLabels.map((l) => l.languageId).sort();
      if (node.type === 113 || node.type === 279) continue;
      expect(labels, node.name).toEqual([1, 2, 3]);
    }
  });
});

describe('bindings: diagnostics for the builder', () => {
  it('reports unknown references, broken expressions, cycles and duplicate names', () => {
    const form = compileSurvey(
      survey(
        q.integer('a').relevant('${nope} > 1'),
        q.integer('b').constraint('. >'),
        q.calculate('c').calculation('${d} + 1'),
        q.calculate('d').calculation('${c} + 1'),
        q.text('a'),
        q.select_multiple('s').choices('x y', 'z', 'z'),
      ),
    );
    const found = form.bindings.diagnostics.map((d) => `${d.name}/${d.role}: ${d.message}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "a/name: The name 'a' is used twice in one group",
        "a/relevant: There is no question named 'nope'",
        expect.stringMatching(/^b\/constraint: /),
        "s/choices: The choice name 'x y' must not contain spaces",
        "s/choices: The choice name 'z' is used twice",
        expect.stringMatching(/depend on each other: (c, d|d, c)/),
      ]),
    );
  });
});

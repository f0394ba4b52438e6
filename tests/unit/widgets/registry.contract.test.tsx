// @vitest-environment jsdom
// The contract every widget of the registry keeps (STYLE.md practice 9), run over the whole registry:
// it renders its label, shows its error, honours read-only, and round-trips its value, both inside a
// fill-in (the runtime) and as a plain rjsf widget (value and onChange).
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, QUESTION_TYPE_CODES, compileSurvey, survey, type FormValues } from '../../../engine/survey/index';
import { TEMPLATES, WIDGETS, WIDGETS_BY_NAME, validatorFor } from '../../../widgets/index';
import { FIELDS } from '../../../widgets/rjsf';
import { CASES } from './cases';
import { mount, mountSurvey, question, settle, type Mounted } from './support';
import { loadPhoneNumbers } from '../../../widgets/phone/numbers';

// The phone widget reads numbers once libphonenumber is here (it loads on demand: phone.on-demand.test.tsx).
beforeAll(() => loadPhoneNumbers());

const LABEL = 'The question being asked';
let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const cases = QUESTION_TYPE_CODES.map((code) => [`${code} ${QUESTION_TYPES[code].key}`, code] as const);
const computed = (code: keyof typeof CASES) => QUESTION_TYPES[code].source === 'computed';

const labelOf = (frame: HTMLElement): string | undefined =>
  frame.querySelector('.fs-label, .fs-section-title')?.textContent?.replace(/\*$/, '');
const frameOf = (container: HTMLElement): HTMLElement => question(container, 'answer');
/** A section's frame is the section, not a question frame. */
const sectionOrQuestion = (container: HTMLElement, code: number): HTMLElement =>
  code === 0 ? container.querySelector<HTMLElement>('[data-section="answer"]')! : frameOf(container);

describe('the widget registry', () => {
  it('has one widget for every question type of the type table', () => {
    expect(
      Object.keys(WIDGETS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...QUESTION_TYPE_CODES].sort((a, b) => a - b));
    for (const code of QUESTION_TYPE_CODES) expect(WIDGETS_BY_NAME[QUESTION_TYPES[code].key]).toBe(WIDGETS[code]);
  });
});

describe.each(cases)('widget %s', (_, code) => {
  const c = CASES[code];

  it('renders its label', () => {
    // Calculate and hidden show nothing while filling; a stored submission shows them with their label.
    const m = (mounted = mountSurvey([c.item(LABEL)], computed(code) ? { data: { answer: c.value }, readOnly: true } : {}));
    expect(labelOf(sectionOrQuestion(m.container, code))).toBe(LABEL);
    if (computed(code)) return;
    mounted.unmount();
    const filling = (mounted = mountSurvey([c.item(LABEL)]));
    expect(filling.container.textContent).not.toContain('[No value]');
  });

  it('shows its error', async () => {
    const m = (mounted = mountSurvey([c.item(LABEL)], computed(code) ? { data: { answer: c.value }, readOnly: true } : {}));
    m.runtime.showIssues([{ path: 'answer', message: 'Something is wrong here' }]);
    await settle();
    const frame = sectionOrQuestion(m.container, code);
    expect(frame.querySelector('[data-testid="field-error"]')?.textContent).toBe('Something is wrong here');
  });

  it('honours read-only', () => {
    const m = (mounted = mountSurvey([c.item(LABEL)], { data: { answer: c.value }, readOnly: true }));
    const frame = sectionOrQuestion(m.container, code);
    expect(c.shows(frame)).toBe(true);
    const live = [...frame.querySelectorAll<HTMLInputElement>('input, textarea, select, button')].filter(
      (el) => !el.disabled && !el.readOnly && !(el instanceof HTMLButtonElement && el.getAttribute('aria-expanded') !== null),
    );
    expect(live.map((el) => el.outerHTML.slice(0, 80))).toEqual([]);
    try {
      c.drive?.(frame);
    } catch {
      // The control the respondent would use is not there at all: read-only too.
    }
    expect(m.runtime.data()).toEqual({ answer: c.value });
  });

  it('round-trips its value in a fill-in', async () => {
    const m = (mounted = mountSurvey([c.item(LABEL)], { data: { answer: c.value } }));
    expect(m.runtime.data()).toEqual({ answer: c.value });
    // Calculate and hidden hold their value without showing anything while filling.
    if (computed(code)) return void expect(m.container.querySelector('[data-path="answer"]')).toBeNull();
    const frame = sectionOrQuestion(m.container, code);
    expect(c.shows(frame)).toBe(true);
    if (!c.drive) return;
    c.drive(frame);
    await settle();
    expect(m.runtime.data().answer).toEqual(c.driven);
  });

  it('round-trips its value as a plain rjsf widget (no runtime)', () => {
    const form = compileSurvey(survey(c.item(LABEL)));
    let last: FormValues | undefined = { answer: c.value };
    const el = (
      <Form<FormValues>
        tagName="div"
        schema={form.schema as RJSFSchema}
        uiSchema={form.uiSchema as UiSchema<FormValues>}
        formData={{ answer: c.value }}
        validator={validatorFor(form.bindings)}
        widgets={WIDGETS_BY_NAME}
        templates={TEMPLATES}
        fields={FIELDS}
        idSeparator=":"
        onChange={(e) => (last = e.formData)}
      >
        <></>
      </Form>
    );
    const m = (mounted = mount(el));
    if (computed(code)) {
      expect(m.container.querySelector('output')?.textContent).toBe(String(c.value));
      return;
    }
    const frame = sectionOrQuestion(m.container, code);
    expect(c.shows(frame)).toBe(true);
    if (!c.drive) return;
    c.drive(frame);
    expect(last?.answer).toEqual(c.driven);
  });
});

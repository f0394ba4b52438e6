// @vitest-environment jsdom
// The builder's expression field: a name taken from the `${` suggestions leaves the caret right after
// it, in the same task as the key, so what is typed next at once goes after the name and not into it.
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { q, survey } from '../../../engine/survey/index';
import { system } from '../../../src/app/theme';
import { ExpressionField } from '../../../src/pages/surveys/builder/panel/ExpressionField';
import { mount, type Mounted } from '../widgets/support';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe('the expression field', () => {
  it('puts the caret after a taken name before anything else can be typed', () => {
    const model = survey(q.integer('household_size'), q.integer('age'));
    const item = model.surveyItems[1]!;
    m = mount(
      <ChakraProvider value={system}>
        <ExpressionField
          item={item}
          property="constraint"
          label="Constraint"
          id="constraint"
          languageId={0}
          model={model}
          set={() => null}
        />
      </ChakraProvider>,
    );
    const area = m.container.querySelector('textarea')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    // '. <= ${house' with more of the expression after the caret.
    const text = '. <= ${house and . > 0';
    const caret = '. <= ${house'.length;
    act(() => {
      area.focus();
      setter.call(area, text);
      area.setSelectionRange(caret, caret);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect([...m.container.querySelectorAll('[data-testid="expression-completion"]')].map((e) => e.textContent)).toEqual([
      'household_size',
    ]);
    act(() => void area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
    expect(area.value).toBe('. <= ${household_size} and . > 0');
    // No frame has passed: the caret is already where the next key goes.
    expect(area.selectionStart).toBe('. <= ${household_size}'.length);
    expect(area.selectionEnd).toBe('. <= ${household_size}'.length);
  });
});

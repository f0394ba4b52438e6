import { describe, expect, it } from 'vitest';
import { pastedChoices } from '../../../src/pages/surveys/builder/panel/pasteChoices';

describe('pastedChoices', () => {
  it('takes a label a line or name,label, skips blanks and keeps names unique', () => {
    let n = 0;
    const out = pastedChoices(
      'Clean water\n\nfood,Food aid\nClean water',
      [{ id: 'x', name: 'food', choiceLabels: [], emoji: null, filters: {} }],
      1,
      () => `id${++n}`,
    );
    expect(out.map((c) => [c.name, c.choiceLabels[0]!.text])).toEqual([
      ['clean_water', 'Clean water'],
      ['food_2', 'Food aid'],
      ['clean_water_2', 'Clean water'],
    ]);
  });
});

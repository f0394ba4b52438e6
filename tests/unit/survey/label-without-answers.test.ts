// A data table's column header shows a label's ${name} references as the label of the
// question named, in brackets and bidi-isolated, never the raw placeholder.
import { describe, expect, it } from 'vitest';
import { ISOLATE_END as E, ISOLATE_START as S, labelWithoutAnswers } from '../../../engine/survey/index';

const labels: Record<string, string> = { name: 'Name of the **head**', household: 'Household of ${name}', ar: 'الاسم' };
const show = (t: string) => labelWithoutAnswers(t, (n) => labels[n]);

describe('labels shown without answers', () => {
  it('reads a reference as the named question’s label, isolated in brackets', () => {
    expect(show('Age of ${name}')).toBe(`Age of [${S}Name of the head${E}]`);
    expect(show('كم عمر ${ar}؟')).toBe(`كم عمر [${S}الاسم${E}]؟`);
  });
  it('reads an unknown or unlabelled question by its name, and the named label’s own references as names', () => {
    expect(show('Child of ${ first_name }')).toBe(`Child of [${S}first_name${E}]`);
    expect(show('See ${household}')).toBe(`See [${S}Household of name${E}]`);
  });
  it('drops formatting around references without reading underscores in names as emphasis', () => {
    expect(show('**How old is ${first_name} and ${last_name}?**')).toBe(`How old is [${S}first_name${E}] and [${S}last_name${E}]?`);
    expect(show('Plain label')).toBe('Plain label');
  });
});

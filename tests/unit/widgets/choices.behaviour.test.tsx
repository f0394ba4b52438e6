// @vitest-environment jsdom
// Choice widgets: appearances, maxChoices, '{n} selected', choice filters that re-filter and clear,
// a broken filter, ranking, toggling grid cells.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { q } from '../../../engine/survey/index';
import { click, mountSurvey, question, type, type MountedForm } from './support';

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});
const frame = (path: string) => question(m!.container, path);
const values = (path: string, selector = 'input') => [...frame(path).querySelectorAll<HTMLInputElement>(selector)].map((i) => i.value);

describe('select one', () => {
  it("'minimal' is a drop-down", () => {
    m = mountSurvey([q.select_one('c').label('Colour').appearance('minimal').choices('red', 'blue')]);
    const select = frame('c').querySelector('select')!;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'red', 'blue']);
    type(select, 'blue');
    expect(m.runtime.data()).toEqual({ c: 'blue' });
  });

  it("'autocomplete' and 'search' filter the list as the respondent types", () => {
    m = mountSurvey([
      q
        .select_one('c')
        .label('Country')
        .appearance('autocomplete')
        .choices({ name: 'ke', label: 'Kenya' }, { name: 'so', label: 'Somalia' }, { name: 'et', label: 'Ethiopia' }),
    ]);
    type(frame('c').querySelector('input[type=search]'), 'ia');
    expect(values('c', 'input[type=radio]')).toEqual(['so', 'et']);
  });

  it("lays choices out for 'columns', 'columns-3', 'columns-pack', 'likert' and 'no-buttons'", () => {
    m = mountSurvey([
      q.select_one('a').label('A').appearance('columns').choices('x', 'y'),
      q.select_one('b').label('B').appearance('columns-3').choices('x', 'y'),
      q.select_one('c').label('C').appearance('likert').choices('x', 'y'),
      q.select_one('d').label('D').appearance('columns-pack no-buttons').choices('x', 'y'),
    ]);
    const list = (p: string) => frame(p).querySelector<HTMLElement>('.fs-choices')!;
    expect(list('a').dataset.layout).toBe('columns');
    expect(list('b').style.getPropertyValue('--fs-columns')).toBe('3');
    expect(list('c').dataset.layout).toBe('likert');
    expect(list('d').dataset.layout).toBe('pack');
    expect(list('d').dataset.buttons).toBe('false');
  });

  it('re-filters with its choice filter and clears a choice no longer offered', () => {
    m = mountSurvey([
      q.select_one('region').label('Region').choices('north', 'south'),
      q
        .select_one('town')
        .label('Town')
        .choiceFilter('region = ${region}')
        .choices(
          { name: 'n1', filters: { region: 'north' } },
          { name: 'n2', filters: { region: 'north' } },
          { name: 's1', filters: { region: 'south' } },
        ),
    ]);
    expect(values('town')).toEqual([]);
    click(frame('region').querySelector('input[value=north]'));
    expect(values('town')).toEqual(['n1', 'n2']);
    click(frame('town').querySelector('input[value=n2]'));
    click(frame('region').querySelector('input[value=south]'));
    expect(values('town')).toEqual(['s1']);
    expect(m.runtime.data()).toEqual({ region: 'south' });
  });

  it("says 'Error evaluating choice filter' with the question's name when the filter is broken", () => {
    m = mountSurvey([q.select_one('town').label('Town').choiceFilter('region = = ${x').choices('a', 'b')]);
    expect(frame('town').textContent).toContain('Error evaluating choice filter: town');
    expect(values('town')).toEqual([]);
  });
});

describe('select multiple', () => {
  it('disables the other choices once maxChoices are chosen, with its hint', () => {
    m = mountSurvey([q.select_multiple('needs').label('Needs').maxChoices(2).choices('a', 'b', 'c')]);
    expect(frame('needs').textContent).toContain('You can select up to 2 choices.');
    click(frame('needs').querySelector('input[value=c]'));
    click(frame('needs').querySelector('input[value=a]'));
    expect(m.runtime.data()).toEqual({ needs: 'a c' });
    expect(frame('needs').querySelector<HTMLInputElement>('input[value=b]')!.disabled).toBe(true);
    click(frame('needs').querySelector('input[value=a]'));
    expect(frame('needs').querySelector<HTMLInputElement>('input[value=b]')!.disabled).toBe(false);
  });

  it("'minimal' reads the choice, then '{n} selected'", () => {
    m = mountSurvey([q.select_multiple('needs').label('Needs').appearance('minimal').choices({ name: 'a', label: 'Apples' }, 'b', 'c')]);
    const summary = () => frame('needs').querySelector('summary')!.textContent;
    expect(summary()).toBe('Select...');
    click(frame('needs').querySelector('input[value=a]'));
    expect(summary()).toBe('Apples');
    click(frame('needs').querySelector('input[value=c]'));
    expect(summary()).toBe('2 selected');
  });
});

describe('ranking', () => {
  it('ranks choices in the order they are tapped, moves and takes them out', () => {
    m = mountSurvey([q.ranking('rank').label('Rank').choices('a', 'b', 'c')]);
    for (const name of ['c', 'a', 'b']) click(frame('rank').querySelector(`button[data-choice=${name}]`));
    expect(m.runtime.data()).toEqual({ rank: 'c a b' });
    click(frame('rank').querySelectorAll('li[data-ranked] button[aria-label="Move down"]')[0]!);
    expect(m.runtime.data()).toEqual({ rank: 'a c b' });
    click(frame('rank').querySelectorAll('li[data-ranked] button[aria-label="Take out of the ranking"]')[2]!);
    expect(m.runtime.data()).toEqual({ rank: 'a c' });
    expect(m.runtime.validate()!.issues.map((i) => i.message)).toEqual(['All rankings must be selected']);
  });
});

describe('rating and matrix', () => {
  it('toggle: a chosen cell clicked again is cleared', () => {
    m = mountSurvey([
      q.rating('r').label('Rate').choices('x', 'y').columns('bad', 'good'),
      q.matrix('m').label('Matrix').choices('x').columns('p', 'q'),
    ]);
    const cell = (p: string, c: string) => frame(p).querySelector<HTMLInputElement>(`[data-cell="${c}"]`)!;
    click(cell('r', 'x:bad'));
    click(cell('r', 'x:good'));
    expect(m.runtime.data()).toEqual({ r: { x: 'good' } });
    click(cell('r', 'x:good'));
    expect(m.runtime.data()).toEqual({});
    click(cell('m', 'x:p'));
    click(cell('m', 'x:q'));
    click(cell('m', 'x:p'));
    expect(m.runtime.data()).toEqual({ m: { x: ['q'] } });
  });
});

describe('appearances', () => {
  it('logs values outside the accepted list as invalid and shows the plain widget', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    m = mountSurvey([q.select_one('a').label('A').appearance('columns-4 sparkly').choices('x', 'y')]);
    expect(warn).toHaveBeenCalledWith('Invalid appearance (a: sparkly)');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(frame('a').querySelectorAll('input[type=radio]')).toHaveLength(2);
    warn.mockRestore();
  });
});

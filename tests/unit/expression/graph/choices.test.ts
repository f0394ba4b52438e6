import { describe, expect, it } from 'vitest';
import { filterChoices, MESSAGES } from '../../../../engine/expression/index';
import { selectMultiple, selectOne, surveyWithChoices, text } from './dsl';

const choices = {
  states: [
    { name: 'ny', label: 'New York' },
    { name: 'ca', label: 'California' },
  ],
  cities: [
    { name: 'nyc', label: 'New York City', state: 'ny' },
    { name: 'buf', label: 'Buffalo', state: 'ny' },
    { name: 'la', label: 'Los Angeles', state: 'ca' },
  ],
};

describe('choice filters', () => {
  const s = surveyWithChoices(
    choices,
    selectOne('state', 'states'),
    selectOne('city', 'cities').choiceFilter('state = ${state}'),
    selectMultiple('visited', 'cities').choiceFilter('state = ${state}'),
  );

  it('keep only the choices whose columns match', () => {
    const f = s.start().answer('state', 'ny');
    expect(f.question('city').choices).toEqual(['nyc', 'buf']);
    expect(f.changes.choices).toEqual(['city', 'visited']);
  });

  it('clear a selected choice that is no longer allowed', () => {
    const f = s.start().answer('state', 'ny').answer('city', 'buf').answer('visited', 'nyc buf');
    const moved = f.answer('state', 'ca');
    expect(moved.question('city').choices).toEqual(['la']);
    expect(moved).toHaveValue('city', undefined);
    expect(moved).toHaveValue('visited', undefined);
    expect(moved.changes.values).toEqual(expect.arrayContaining(['state', 'city', 'visited']));
  });

  it('keep the allowed part of a multiple selection', () => {
    const f = s.start().answer('state', 'ny').answer('visited', 'nyc la buf');
    expect(f).toHaveValue('visited', 'nyc buf');
  });

  it('give an empty list and the spec warning naming the question when they fail', () => {
    const broken = surveyWithChoices(choices, text('x'), selectOne('city', 'cities').choiceFilter('date(state) > 0'));
    const f = broken.start();
    expect(f.question('city').choices).toEqual([]);
    const error = f.question('city').errors.choice_filter;
    expect(error?.title).toBe(MESSAGES.choiceFilter);
    expect(error?.field).toBe('city');
    expect(broken.start({ city: 'la' })).toHaveValue('city', 'la');
  });

  it('filterChoices works on its own', () => {
    expect(filterChoices("starts-with(name, 'n')", choices.cities, { fields: {} }).choices.map((c) => c.name)).toEqual(['nyc']);
    const failed = filterChoices('state = ${nope}', choices.cities, { fields: {} }, 'city');
    expect(failed.choices).toEqual([]);
    expect(failed.error?.title).toBe('Error evaluating choice filter');
    expect(failed.error?.field).toBe('city');
    expect(filterChoices('state = (', choices.cities, { fields: {} }).error?.code).toBe('syntax');
  });
});

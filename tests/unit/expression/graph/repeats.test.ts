import { describe, expect, it } from 'vitest';
import { calculate, integer, repeat, survey, text } from './dsl';

describe('repeats', () => {
  const s = survey(
    integer('size'),
    repeat(
      'member',
      integer('m_age').constraint('. < 120'),
      text('school').relevant('${m_age} < 18'),
      text('m_name').default("concat('person ', position(..))"),
      calculate('older', 'indexed-repeat(${m_age}, ${member}, position(..) - 1) > ${m_age}'),
    ).count('${size}'),
    calculate('total', 'sum(${m_age})'),
    calculate('members', 'count(${member})'),
  );

  it('repeat_count creates the instances, with defaults per instance', () => {
    const f = s.start({ size: 2 });
    expect(f).toHaveValue('members', 2);
    expect(f).toHaveValue('member[1]/m_name', 'person 1');
    expect(f).toHaveValue('member[2]/m_name', 'person 2');
    const grown = f.answer('size', 3);
    expect(grown.changes.repeats).toEqual(['member']);
    expect(grown).toHaveValue('members', 3);
    expect(grown).toHaveValue('member[3]/m_name', 'person 3');
  });

  it('evaluates per instance, and aggregates from outside', () => {
    const f = s.start({ size: 2 }).answer('member[1]/m_age', 40).answer('member[2]/m_age', 12);
    expect(f).not.toBeRelevant('member[1]/school');
    expect(f).toBeRelevant('member[2]/school');
    expect(f).toHaveValue('total', 52);
    expect(f).toHaveValue('member[2]/older', 'true');
  });

  it('re-evaluates only the instance that changed, plus what reads across instances', () => {
    const f = s.start({ size: 3 }).answer('member[1]/m_age', 40).answer('member[2]/m_age', 12).answer('member[3]/m_age', 5);
    const changed = f.answer('member[2]/m_age', 3);
    expect(changed.changes.visibility).toEqual([]);
    expect(changed.changes.values).toEqual(['member[2]/m_age', 'member[3]/older', 'total']);
    expect(changed).toHaveValue('member[3]/older', 'false');
    expect(changed.answer('member[2]/m_age', 50).changes.visibility).toEqual(['member[2]/school']);
  });

  it('shrinking removes instances and their states', () => {
    const f = s.start({ size: 3 }).answer('size', 1);
    expect(f).toHaveValue('members', 1);
    expect(f.state.questions.has('member[2]/m_age')).toBe(false);
    expect(f.changes.repeats).toEqual(['member']);
  });

  it('caps a runaway count', () => {
    const f = s.start({ size: 1e9 });
    expect(f).toHaveValue('members', 1000);
  });

  it('validity is per instance', () => {
    const f = s.start({ size: 2 }).answer('member[2]/m_age', 130);
    expect(f).toBeValid('member[1]/m_age');
    expect(f).toViolateConstraint('member[2]/m_age');
  });
});

describe('repeats the respondent adds and removes', () => {
  const s = survey(
    repeat('visit', text('place').default("'home'"), integer('n')),
    calculate('visits', 'count(${visit})'),
    calculate('places', "join(', ', ${place})"),
  );

  it('adds instances with their defaults', () => {
    const f = s.start().add('visit').add('visit');
    expect(f).toHaveValue('visits', 2);
    expect(f).toHaveValue('visit[2]/place', 'home');
  });

  it('removes an instance and moves the later ones up', () => {
    const f = s
      .start()
      .add('visit')
      .add('visit')
      .add('visit')
      .answer('visit[1]/place', 'a')
      .answer('visit[2]/place', 'b')
      .answer('visit[3]/place', 'c');
    const removed = f.remove('visit[2]');
    expect(removed).toHaveValue('visits', 2);
    expect(removed).toHaveValue('places', 'a, c');
    expect(removed).toHaveValue('visit[2]/place', 'c');
    expect(removed.state.questions.has('visit[3]/place')).toBe(false);
  });

  it('nested repeats keep their own instances', () => {
    const nested = survey(
      repeat('hh', text('hh_name'), repeat('person', integer('p_age')), calculate('hh_total', 'sum(${p_age})')),
      calculate('all', 'sum(${p_age})'),
    );
    const f = nested
      .start()
      .add('hh')
      .add('hh')
      .add('hh[1]/person')
      .add('hh[1]/person')
      .add('hh[2]/person')
      .answer('hh[1]/person[1]/p_age', 30)
      .answer('hh[1]/person[2]/p_age', 5)
      .answer('hh[2]/person[1]/p_age', 70);
    expect(f).toHaveValue('hh[1]/hh_total', 35);
    expect(f).toHaveValue('hh[2]/hh_total', 70);
    expect(f).toHaveValue('all', 105);
  });
});

// @vitest-environment jsdom
// The browser's date and time inputs built once out of sight after the form's first paint
// (widgets/shared/warmInputs.ts): the kinds the survey's questions draw, only those the page lacks, and
// nothing left behind.
import { afterEach, describe, expect, it } from 'vitest';
import { compileSurvey, q, section, survey } from '../../../engine/survey/index';
import { nativeInputsOf, warmInputs } from '../../../widgets/shared/warmInputs';

afterEach(() => document.body.replaceChildren());

const form = () =>
  compileSurvey(
    survey(
      q.acknowledge('consent').label('I agree'),
      section(
        'later',
        q.date('born').label('Born'),
        q.date('moved').label('Moved').appearance('month-year'),
        q.time('at').label('At'),
        q.datetime('when').label('When'),
        q.text('name').label('Name'),
      )
        .label('Later')
        .relevant('${consent}'),
    ),
  );

describe('date and time inputs warmed before they are revealed', () => {
  it("names the browser's input kinds of the survey's date and time questions, each once", () => {
    expect(nativeInputsOf(form()).sort()).toEqual(['date', 'datetime-local', 'month', 'time']);
    expect(nativeInputsOf(compileSurvey(survey(q.text('name').label('Name'))))).toEqual([]);
  });

  it('lays out the kinds the page lacks in a hidden, inert box and removes it in the same call', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const present = document.createElement('input');
    present.type = 'time';
    document.body.append(present);
    const added: Element[] = [];
    const append = host.append.bind(host);
    host.append = (...nodes: (Node | string)[]) => {
      for (const n of nodes) if (n instanceof Element) added.push(n);
      append(...nodes);
    };
    warmInputs(form(), host);
    expect(added).toHaveLength(1);
    const box = added[0] as HTMLElement;
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.inert).toBe(true);
    expect([...box.querySelectorAll('input')].map((i) => [i.type, i.tabIndex])).toEqual([
      ['date', -1],
      ['month', -1],
      ['datetime-local', -1],
    ]);
    expect(host.childElementCount).toBe(0);
    expect(box.isConnected).toBe(false);
  });
});

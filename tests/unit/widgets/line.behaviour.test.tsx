// @vitest-environment jsdom
// The line and shape widget (a Text question's geotrace or geoshape variant): typed points are added in
// order and removed, a shape is stored closed, a stored answer shows as its points; read-only shows no
// buttons.
import { afterEach, describe, expect, it } from 'vitest';
import { q } from '../../../engine/survey/index';
import { click, mountSurvey, question, type, type MountedForm } from './support';

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});
const frame = (path: string) => question(m!.container, path);
const boxes = (path: string) => [...frame(path).querySelectorAll<HTMLInputElement>('fieldset input')];
const button = (path: string, text: string) =>
  [...frame(path).querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const listed = (path: string) => [...frame(path).querySelectorAll('[data-testid="line-points"] li span')].map((s) => s.textContent);

function addTyped(path: string, lat: string, lon: string): void {
  const [latitude, longitude] = boxes(path);
  type(latitude!, lat);
  type(longitude!, lon);
  click(button(path, 'Add this point')!);
}

describe('the line widget', () => {
  it('adds typed points in order, removes one, and stores ODK’s text', () => {
    m = mountSurvey([q.text('route').sheetType('geotrace').label('Route')]);
    expect(button('route', 'Add this point')!.disabled).toBe(true);
    addTyped('route', '1.5', '2.5');
    addTyped('route', '1.6', '2.6');
    addTyped('route', '1.7', '2.7');
    expect(listed('route')).toEqual(['Point 1: 1.5, 2.5', 'Point 2: 1.6, 2.6', 'Point 3: 1.7, 2.7']);
    expect(m.runtime.data()).toEqual({ route: '1.5 2.5;1.6 2.6;1.7 2.7' });
    click(button('route', 'Remove point 2')!);
    expect(m.runtime.data()).toEqual({ route: '1.5 2.5;1.7 2.7' });
    click(button('route', 'Remove point 1')!);
    click(button('route', 'Remove point 1')!);
    expect(m.runtime.data()).toEqual({});
    expect(frame('route').textContent).toContain('No points yet.');
  });

  it('does not add a point out of range', () => {
    m = mountSurvey([q.text('route').sheetType('geotrace').label('Route')]);
    const [latitude, longitude] = boxes('route');
    type(latitude!, '95');
    type(longitude!, '2');
    expect(button('route', 'Add this point')!.disabled).toBe(true);
  });

  it('stores a shape closed and shows it open', () => {
    m = mountSurvey([q.text('plot').sheetType('geoshape').label('Plot')]);
    addTyped('plot', '1', '1');
    addTyped('plot', '1', '2');
    addTyped('plot', '2', '2');
    expect(m.runtime.data()).toEqual({ plot: '1 1;1 2;2 2;1 1' });
    expect(listed('plot')).toHaveLength(3);
  });

  it('shows a stored answer as its points, without buttons when read-only', () => {
    m = mountSurvey([q.text('plot').sheetType('geoshape').label('Plot')], {
      data: { plot: '1 1 0 5;1 2 0 5;2 2 0 5;1 1 0 5' },
      readOnly: true,
    });
    expect(listed('plot')).toEqual(['Point 1: 1, 1 · 0 m · ±5 m', 'Point 2: 1, 2 · 0 m · ±5 m', 'Point 3: 2, 2 · 0 m · ±5 m']);
    expect(frame('plot').querySelectorAll('button')).toHaveLength(0);
  });
});

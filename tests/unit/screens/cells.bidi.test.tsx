// What users typed is isolated in the generic screens' tables: an Arabic project name or a
// Latin e-mail keeps its own order whatever the table's direction.
import type { TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../../schemas/screens';
import { renderCell } from '../../../src/components/admin-screen/cells';

const t = ((k: string) => k) as unknown as TFunction;
const cell = (kind: Column['kind'], v: unknown) =>
  renderToStaticMarkup(<>{renderCell({ key: 'v', kind, label: 'x' } as Column, { v }, t, 'en')}</>);

describe("a table's user values", () => {
  it('are each in a <bdi>', () => {
    expect(cell('text', 'مشروع المياه 2')).toBe('<bdi>مشروع المياه 2</bdi>');
    expect(cell('person', { fullName: 'Amina Yusuf' })).toBe('<bdi>Amina Yusuf</bdi>');
    expect(cell('names', [{ name: 'مياه' }, { name: 'Health' }])).toBe('<bdi>مياه</bdi>, <bdi>Health</bdi>');
  });
});

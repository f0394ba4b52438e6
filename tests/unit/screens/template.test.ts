import { describe, expect, it } from 'vitest';
import { buildRequest, canBuild, fill, MissingValue } from '../../../src/components/admin-screen/template';

const c = {
  row: { id: 'r1', name: 'A b' },
  ctx: { workspaceId: 'w1', projectId: null },
  params: { id: '3' },
  selection: ['a', 'b'],
  form: { name: 'N' },
};

describe('screen call templates', () => {
  it('keeps a whole placeholder typed, interpolates embedded ones, casts with |number', () => {
    expect(fill('{row.id}', c)).toBe('r1');
    expect(fill('{param.id|number}', c)).toBe(3);
    expect(fill('/x/{row.name}', c)).toBe('/x/A%20b');
    expect(fill(true, c)).toBe(true);
  });

  it('builds path, query and the three kinds of body', () => {
    expect(
      buildRequest({ method: 'PUT', path: '/DataCollection/{row.id}/toggle', query: { entityType: 2, ws: '{ctx.workspaceId}' } }, c),
    ).toEqual({
      method: 'PUT',
      path: '/DataCollection/r1/toggle',
      query: { entityType: 2, ws: 'w1' },
      body: undefined,
    });
    expect(buildRequest({ method: 'PUT', path: '/b', body: 'selection' }, c).body).toEqual(['a', 'b']);
    expect(buildRequest({ method: 'POST', path: '/f', body: { form: true, fields: { typeId: '{param.id|number}' } } }, c).body).toEqual({
      name: 'N',
      typeId: 3,
    });
    expect(buildRequest({ method: 'POST', path: '/d', body: { id: '{row.id}' } }, c).body).toEqual({ id: 'r1' });
  });

  it('refuses a call whose placeholder has no value', () => {
    expect(() => buildRequest({ method: 'GET', path: '/p/{ctx.projectId}' }, c)).toThrow(MissingValue);
    expect(canBuild({ method: 'GET', path: '/p/{ctx.projectId}' }, c)).toBe(false);
    expect(canBuild({ method: 'GET', path: '/p/{ctx.workspaceId}' }, c)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { endpoint } from '../../../schemas/endpoint';
import { buildRequest, canBuild, fill, MissingValue } from '../../../src/components/admin-screen/template';

// Calls as the declarations make them; only the method and the path matter to the template.
const at = (method: 'GET' | 'PUT' | 'POST', path: string) => endpoint({ method, path, access: 'public', answer: {} });

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
      buildRequest(
        {
          endpoint: at('PUT', '/DataCollection/:id/toggle'),
          params: { id: '{row.id}' },
          query: { entityType: 2, ws: '{ctx.workspaceId}' },
        },
        c,
      ),
    ).toEqual({
      method: 'PUT',
      path: '/DataCollection/r1/toggle',
      query: { entityType: 2, ws: 'w1' },
      body: undefined,
    });
    expect(buildRequest({ endpoint: at('PUT', '/b'), body: 'selection' }, c).body).toEqual(['a', 'b']);
    expect(buildRequest({ endpoint: at('POST', '/f'), body: { form: true, fields: { typeId: '{param.id|number}' } } }, c).body).toEqual({
      name: 'N',
      typeId: 3,
    });
    expect(buildRequest({ endpoint: at('POST', '/d'), body: { id: '{row.id}' } }, c).body).toEqual({ id: 'r1' });
  });

  it('refuses a call whose placeholder has no value', () => {
    expect(() => buildRequest({ endpoint: at('GET', '/p/:id'), params: { id: '{ctx.projectId}' } }, c)).toThrow(MissingValue);
    expect(canBuild({ endpoint: at('GET', '/p/:id'), params: { id: '{ctx.projectId}' } }, c)).toBe(false);
    expect(canBuild({ endpoint: at('GET', '/p/:id'), params: { id: '{ctx.workspaceId}' } }, c)).toBe(true);
  });
});

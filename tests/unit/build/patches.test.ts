// The bundler's patches of third-party files and its stand-ins fail the build when what they change is no
// longer there, instead of silently doing nothing after an upgrade.
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { patchFiles } from '../../../build/vite/patch';
import { standIns } from '../../../build/vite/standIns';

/** The plugin hook's `this`: errors thrown as the bundler would, in a one-off build. */
const context = {
  error: (message: string) => {
    throw new Error(message);
  },
  meta: { watchMode: false },
};
const hook = <K extends keyof Plugin>(plugin: Plugin, name: K) =>
  plugin[name] as unknown as (this: typeof context, ...args: unknown[]) => unknown;

const patch = () =>
  patchFiles('test-patch', 'a test', [{ file: 'pkg/lib/a.js', replace: [['const x = f(', 'const x = /* @__PURE__ */ f(']] }]);

describe('a patch of a package file', () => {
  it('replaces the text it names in the file it names, and leaves other files alone', () => {
    const p = patch();
    hook(p, 'buildStart').call(context);
    expect(hook(p, 'transform').call(context, 'const x = f(1);', '/w/node_modules/pkg/lib/a.js')).toEqual({
      code: 'const x = /* @__PURE__ */ f(1);',
      map: null,
    });
    expect(hook(p, 'transform').call(context, 'const x = f(1);', '/w/node_modules/pkg/lib/b.js')).toBeNull();
    expect(() => hook(p, 'buildEnd').call(context)).not.toThrow();
  });

  it('fails the build when the text is no longer in the file', () => {
    const p = patch();
    expect(() => hook(p, 'transform').call(context, 'const x = g(1);', '/w/node_modules/pkg/lib/a.js')).toThrow(
      /"const x = f\(" is no longer in pkg\/lib\/a\.js/,
    );
  });

  it('fails the build when the file was never loaded', () => {
    const p = patch();
    hook(p, 'buildStart').call(context);
    expect(() => hook(p, 'buildEnd').call(context)).toThrow(/never loaded pkg\/lib\/a\.js/);
  });
});

describe('a stand-in for an import', () => {
  const s = () => standIns('test-stand-in', 'a test', [{ importer: /[\\/]pkg[\\/]/, source: 'heavy', standIn: '/w/light.ts' }]);

  it('answers the import it names, for the importers it names', () => {
    const p = s();
    hook(p, 'buildStart').call(context);
    expect(hook(p, 'resolveId').call(context, 'heavy', '/w/node_modules/pkg/index.js')).toBe('/w/light.ts');
    expect(hook(p, 'resolveId').call(context, 'heavy', '/w/src/other.ts')).toBeNull();
    expect(() => hook(p, 'buildEnd').call(context)).not.toThrow();
  });

  it('fails the build when nothing imported what it stands in for', () => {
    const p = s();
    hook(p, 'buildStart').call(context);
    expect(() => hook(p, 'buildEnd').call(context)).toThrow(/never imported: heavy/);
  });
});

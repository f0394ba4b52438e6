// A survey link's page names the fill page's files up front, so they download with the entry: every file the fill roots import
// statically and their style sheets, once, and none that index.html names already.
import { describe, expect, it } from 'vitest';
import { fillPreloads, withPreloads } from '../../../server/fillDocument';

const manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_app-b.js'] },
  '_app-b.js': { file: 'assets/app-b.js' },
  '_fill-c.js': { file: 'assets/fill-c.js', imports: ['_app-b.js'], css: ['assets/fill-c.css'] },
  'src/app/fillRoot.ts': { file: 'assets/fillRoot-d.js', imports: ['_fill-c.js', '_app-b.js'] },
  // The offline side's own file, which the other addresses load: the fill page has it through fillRoot.
  'src/offline/runtime.ts': { file: 'assets/runtime-e.js', imports: ['_fill-c.js'] },
  'src/pages/builder/BuilderPage.tsx': { file: 'assets/BuilderPage-f.js', imports: ['_fill-c.js'] },
};

const html = `<html><head>
  <script type="module" crossorigin src="/assets/index-a.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/app-b.js">
</head><body></body></html>`;

describe('the fill page document', () => {
  it('lists what the fill roots import statically, each once, and nothing of other screens', () => {
    const files = fillPreloads(manifest);
    expect(files.sort()).toEqual(['assets/app-b.js', 'assets/fill-c.css', 'assets/fill-c.js', 'assets/fillRoot-d.js']);
  });

  it('adds a modulepreload per script and the style sheet, skipping what index.html names', () => {
    const out = withPreloads(html, fillPreloads(manifest));
    expect(out.match(/href="\/assets\/app-b\.js"/g)).toHaveLength(1);
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/fill-c.js">');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/fill-c.css">');
    expect(out.indexOf('fill-c.js')).toBeLessThan(out.indexOf('</head>'));
  });

  it('leaves the page as it is without a manifest, and names no file that is not a plain asset', () => {
    expect(withPreloads(html, fillPreloads({}))).toBe(html);
    expect(withPreloads(html, ['assets/x"><script>alert(1)</script>.js', '../secret.js'])).toBe(html);
  });
});

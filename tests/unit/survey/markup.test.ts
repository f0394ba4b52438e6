// ODK's label formatting through an allow-list, everything else as text: authors are as hostile as any
// other input.
import { describe, expect, it } from 'vitest';
import { escapeFormatting } from '../../../engine/expression/index';
import { parseInline, parseMarkup, plainText, safeHref, type Inline } from '../../../engine/survey/markup';

const kinds = (nodes: readonly Inline[]): string[] => nodes.flatMap((n) => (n.t === 'text' || n.t === 'br' ? [n.t] : [n.t, ...kinds(n.c)]));
const text = (nodes: readonly Inline[]): string => nodes.map((n) => (n.t === 'text' ? n.v : n.t === 'br' ? '\n' : text(n.c))).join('');

describe("ODK's formatting", () => {
  it('reads emphasis, strong, links, coloured spans and headings', () => {
    expect(parseInline('a *b* **c** _d_ __e__')).toEqual([
      { t: 'text', v: 'a ' },
      { t: 'em', c: [{ t: 'text', v: 'b' }] },
      { t: 'text', v: ' ' },
      { t: 'strong', c: [{ t: 'text', v: 'c' }] },
      { t: 'text', v: ' ' },
      { t: 'em', c: [{ t: 'text', v: 'd' }] },
      { t: 'text', v: ' ' },
      { t: 'strong', c: [{ t: 'text', v: 'e' }] },
    ]);
    expect(parseInline('see [the guide](https://example.org/a?b=1)')).toEqual([
      { t: 'text', v: 'see ' },
      { t: 'link', href: 'https://example.org/a?b=1', c: [{ t: 'text', v: 'the guide' }] },
    ]);
    expect(parseInline('<span style="color: #e00; font-family: serif">red</span>')).toEqual([
      { t: 'span', color: '#e00', font: 'serif', c: [{ t: 'text', v: 'red' }] },
    ]);
    expect(parseMarkup('# Title\nbody')).toEqual([
      { level: 1, c: [{ t: 'text', v: 'Title' }] },
      { level: 0, c: [{ t: 'text', v: 'body' }] },
    ]);
    expect(parseInline('call [us](tel:+254700000000) or [mail](mailto:a@b.org)').filter((n) => n.t === 'link')).toHaveLength(2);
  });

  it('leaves names with underscores, lone stars and unclosed delimiters as they are', () => {
    for (const s of ['household_size', '5 * 3 = 15', 'a *b', '**open', '[no link]', '[x](', 'price_per_unit_kg']) {
      expect(text(parseInline(s))).toBe(s);
    }
  });

  it('keeps every other markup as text: no tag, attribute or address gets through', () => {
    const payloads = [
      '<script>window.__xss = 1</script>',
      '<img src=x onerror="window.__xss=1">',
      '<svg onload=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[click](vbscript:msgbox(1))',
      '[click](//evil.example/x)',
      '<span style="background:url(javascript:alert(1))">x</span>',
      '<span style="color:red;behavior:url(x.htc)">x</span>',
      '<span style="color: expression(alert(1))">x</span>',
      '<span onclick="alert(1)" style="color:red">x</span>',
      '<iframe src="https://evil.example"></iframe>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '<<script>script>alert(1)<</script>/script>',
    ];
    for (const p of payloads) {
      const nodes = parseInline(p);
      expect(kinds(nodes).filter((k) => k === 'link' || k === 'span')).toEqual([]);
      expect(text(nodes)).toBe(p.replace(/\\(.)/g, '$1'));
    }
  });

  it('allows only http(s), mailto and tel addresses', () => {
    expect(safeHref('https://a.org')).toBe('https://a.org');
    expect(safeHref(' http://a.org ')).toBe('http://a.org');
    for (const bad of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://a',
      '/relative',
      'https://a.org/"onmouseover="x',
    ]) {
      expect(safeHref(bad)).toBeUndefined();
    }
  });

  it("shows a respondent's answer inside a label as text, whatever it holds", () => {
    const answer = '**bold** [x](https://evil.example) <span style="color:red">r</span> # h';
    const label = `Hello ${escapeFormatting(answer)}!`;
    const blocks = parseMarkup(label);
    expect(blocks).toHaveLength(1);
    expect(kinds(blocks[0]!.c)).toEqual(['text']);
    expect(text(blocks[0]!.c)).toBe(`Hello ${answer}!`);
  });

  it('gives plain text for places without formatting', () => {
    expect(plainText('**Name** of the _head_ of household')).toBe('Name of the head of household');
  });

  it('stays linear on hostile nesting (100,000 openers)', () => {
    const hostile = '['.repeat(50_000) + '<span style="color:red">'.repeat(1000) + '_x'.repeat(25_000);
    const nodes = parseInline(hostile);
    // Compared as a boolean: a failure must not print 150,000 characters.
    expect(text(nodes) === hostile).toBe(true);
  });
});

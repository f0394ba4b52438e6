// What an ODK client reads from our XForm beyond what the fidelity test compares with pyxform: the version
// and instance name a server asks for, escaping of what authors type, pyxform's rule for relative paths,
// external CSVs, and a survey that cannot be an XForm.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { q, repeat, section, survey } from '../../../engine/survey/index';
import { XFormError, xformOf } from '../../../engine/survey/xform/index';

const XF = 'http://www.w3.org/2002/xforms';
const parse = (xml: string) => new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
const binds = (doc: Document) => new Map(Array.from(doc.getElementsByTagNameNS(XF, 'bind')).map((b) => [b.getAttribute('nodeset')!, b]));
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '');

describe('xformOf', () => {
  it('writes the version and the instance name a server asks for', () => {
    const doc = parse(
      xformOf(survey(q.text('name').label('Name')), { version: '2026-12-07 3', instanceName: "concat('Visit ', ${name})" }),
    );
    const primary = doc.getElementsByTagNameNS(XF, 'instance')[0]!.firstElementChild!;
    expect(primary.getAttribute('version')).toBe('2026-12-07 3');
    expect(primary.querySelector('meta > instanceName')).not.toBeNull();
    expect(squash(binds(doc).get('/data/meta/instanceName')?.getAttribute('calculate'))).toBe("concat('Visit',/data/name)");
  });

  it('escapes what authors type, so the document still parses and says the same', () => {
    const label = 'Fish & chips <b>"now"</b>';
    const xml = xformOf(survey(q.text('a').label(label).constraint(". != '<&>'", 'Not "<&>"')));
    const doc = parse(xml);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.getElementsByTagNameNS(XF, 'value')[0]!.textContent).toBe(label);
    expect(binds(doc).get('/data/a')?.getAttribute('constraint')).toBe(". != '<&>'");
  });

  it('refers within a repeat instance relatively, and from a choice filter through current()', () => {
    const doc = parse(
      xformOf(
        survey(
          q.select_one('region').choices('north', 'south'),
          repeat(
            'members',
            q.integer('age'),
            q.calculate('child').calculation('if(${age} < 5, ${region}, 0)'),
            q
              .select_one('town')
              .choices({ name: 'x', filters: { r: 'north' } })
              .choiceFilter('r = ${region} and ${age} > 1'),
          ),
        ),
      ),
    );
    expect(squash(binds(doc).get('/data/members/child')?.getAttribute('calculate'))).toBe('if(../age<5,/data/region,0)');
    const itemset = doc.querySelector('select1[ref="/data/members/town"] > itemset')!;
    expect(squash(itemset.getAttribute('nodeset'))).toBe("instance('town')/root/item[r=/data/regionandcurrent()/../age>1]");
  });

  it('makes the CSV of a pulldata() an external secondary instance', () => {
    const doc = parse(xformOf(survey(section('s', q.calculate('price').calculation("pulldata('prices', 'price', 'item', 'rice')")))));
    const external = Array.from(doc.getElementsByTagNameNS(XF, 'instance')).find((i) => i.getAttribute('id') === 'prices');
    expect(external?.getAttribute('src')).toBe('jr://file-csv/prices.csv');
  });

  it('refuses, by a code, an expression that names no question', () => {
    expect(() => xformOf(survey(q.text('a').relevant('${nobody} = 1')))).toThrow(XFormError);
    try {
      xformOf(survey(q.text('a').relevant('${nobody} = 1')));
    } catch (e) {
      expect((e as XFormError).code).toBe('unknownReference');
    }
  });
});

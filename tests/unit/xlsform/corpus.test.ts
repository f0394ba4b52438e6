// The expression corpus: every expression of the XLSForm fixtures (published
// forms we did not write, fixtures/xlsforms/README.md) parses, and the whole form evaluates on a filled
// instance - every question answered with a value of its type, one instance per repeat - without an
// expression error. The few that cannot are listed below with why, so a new failure is a regression.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { initialize } from '../../../engine/expression/index';
import { bindSurvey, csvFilesNamed, graphOf, QUESTION_TYPES, type BindingNode, type FormValues } from '../../../engine/survey/index';
import { importFile, REFUSED } from './helpers';

const FIXTURES = 'fixtures/xlsforms';
const files = readdirSync(FIXTURES).filter((f) => /\.xlsx?$/.test(f) && !REFUSED[f]);

/**
 * Expressions the engine refuses on purpose, by fixture: `question (role)`. Anything else that fails to
 * parse or to evaluate fails the test.
 */
const KNOWN: Record<string, readonly string[]> = {
  // jr:itext(instance('...')/root/item[...]/itextId): XPath over a secondary instance, which our expressions do not read.
  'odk-socio-economic-survey.xlsx': ['SEClass (calculation)'],
  // instance('trees')/root/item[name=${tree}]/species: the same, over the entity list of a CSV.
  'ona-trees-follow-up.xlsx': ['species (calculation)', 'prior_circumference (calculation)'],
  // instance('<list>')/root/item[id=${existing}]/<field>: the same, over the OSM features of a select_one_from_file list.
  'hot-amenities.xls': [
    'xlabel (calculation)',
    'xlocation (calculation)',
    'xid (calculation)',
    'xamenity (calculation)',
    'xcuisine (calculation)',
    'xhours (calculation)',
    'xcraft (calculation)',
    'xaddr (calculation)',
    'xstreet (calculation)',
    'xwheelchair (calculation)',
    'xshelter (calculation)',
    'xshop (calculation)',
    'xdiesel (calculation)',
  ],
  'hot-highways.xls': [
    'xid (calculation)',
    'xlocation (calculation)',
    'xsurface (calculation)',
    'xhighway (calculation)',
    'xsmoothness (calculation)',
    'xtracktype (calculation)',
    'xsac_scale (calculation)',
    'name (calculation)',
  ],
  'hot-thamel.xls': ['xid (calculation)', 'xlocation (calculation)', 'name (calculation)'],
  'hot-waterpoints.xls': ['xid (calculation)', 'xlocation (calculation)'],
  // ./source, ../inputs/contact/_id: paths relative to the question, into CHT's inputs group, which our expressions do not resolve.
  'cht-large-cha.xlsx': ['inputs (relevant)'],
  'cht-enketo-widgets.xlsx': ['inputs (relevant)', 'patient_uuid (calculation)', 'patient_id (calculation)', 'patient_name (calculation)'],
};

/** A value of each question's type: the first choice, 1, a date, a point; one instance of each repeat. */
function filled(nodes: readonly BindingNode[]): FormValues {
  const out: FormValues = {};
  for (const node of nodes) {
    if (node.kind === 'section') {
      if (node.repeat) out[node.name] = [filled(node.children)];
      else Object.assign(out, filled(node.children));
      continue;
    }
    const info = QUESTION_TYPES[node.type];
    if (info.source !== 'input') continue;
    const first = node.choices[0]?.name;
    const value = (() => {
      switch (info.key) {
        case 'select_one':
        case 'select_multiple':
        case 'ranking':
          return first;
        case 'integer':
        case 'decimal':
        case 'range':
          return 1;
        case 'date':
          return '2026-05-17';
        case 'time':
          return '09:30';
        case 'datetime':
          return '2026-05-17 09:30';
        case 'geopoint':
          return '-1.29 36.82 1650 5';
        case 'acknowledge':
          return true;
        case 'text':
        case 'phone':
          return '1';
        default:
          return undefined;
      }
    })();
    if (value !== undefined) out[node.name] = value;
  }
  return out;
}

describe('the expressions of the XLSForm fixtures', () => {
  it.each(files)('%s: parse, and evaluate on a filled instance without error', async (file) => {
    const { model, report } = await importFile(`${FIXTURES}/${file}`);
    expect(model, JSON.stringify(report.slice(0, 3))).not.toBeNull();
    const bare = bindSurvey(model!);
    // pulldata() and search() read the form's CSV files: attached here, empty, as an author would attach them.
    const attachments = Object.fromEntries(csvFilesNamed(bare).map((f) => [f.file, []]));
    const b = bindSurvey({ ...model!, attachments });
    const known = new Set(KNOWN[file] ?? []);
    const broken = b.diagnostics.filter((d) => d.code === 'syntax').map((d) => `${d.name} (${d.role})`);
    expect(
      broken.filter((x) => !known.has(x)),
      broken.join('; '),
    ).toEqual([]);

    const { changes } = initialize(graphOf(b), filled(b.root), { now: new Date('2026-05-17T09:30:00Z'), timeZoneOffset: 0 });
    const failing = changes.errors
      .map(
        (e) =>
          `${e.path
            .replace(/\[\d+\]/g, '')
            .split('/')
            .pop()} (${e.kind})`,
      )
      .filter((x) => !known.has(x));
    expect(failing).toEqual([]);
  });
});

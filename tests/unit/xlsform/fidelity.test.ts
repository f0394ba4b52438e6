// Nothing lost on the way in and out: for every published form in fixtures/xlsforms (README.md there),
// pyxform accepts it, we import it, pyxform accepts our export, and pyxform's XForm of our export has the
// same questions, types, binds, choices, choice filters, repeats and texts in every language as its XForm
// of the original. What differs today is listed in KNOWN with why; the test fails on any other
// difference, and on a KNOWN entry that no longer matches, so the table shrinks as the import improves.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workbookOf } from '../../../server/services/surveyExport';
import { importBytes } from './helpers';
import { judgeBuffers, mustJudge, pyxformMissing } from './pyxform';
import { compare, summarise, type Difference } from './xformSummary';

const FIXTURES = 'fixtures/xlsforms';
const files = readdirSync(FIXTURES)
  .filter((f) => /\.xlsx?$/.test(f))
  .sort();
const missing = pyxformMissing();

/**
 * Today's differences, by fixture: [pattern of Difference.key (`*` is any text), how many it matches, why].
 * `import ...` and `export ...` stand for a workbook we refuse or an export pyxform refuses, so nothing further
 * is compared. Delete an entry when the feature it names lands; the test then says what is left, if anything.
 */
// Why each difference is there, named once.
const ENCRYPTED =
  'public_key: the form encrypts its submissions, which we do not; it is refused with that reason rather than accepted unencrypted';
const EXTERNAL =
  "select_one_external: pyxform makes it a text input whose choices Collect reads from the external_choices sheet's CSV; we do not import that sheet (reported) and keep a select: of the choices sheet's list of that name where there is one, else of a CSV file named after the question";
const OSM = "the 'osm' type (pyxform: an upload of osm/*, for OpenMapKit) becomes text (reported)";
const PLAINBASE =
  "a column without a language (hint, constraint_message, a choice's label) on a form whose columns are translated, on a row that has no translated one of it: pyxform writes it in a language of its own, 'default', so a named language shows none of it; we keep it in the base language, so it shows (languages.test.ts)";
const PLAINDASH =
  "the same plain hint, on a form whose base language is pyxform's 'default': our export writes it as hint::default, and pyxform fills '-' for it in each other language, where the original has nothing";
const FILL =
  "the other side of that: our export writes the text in the base language alone, and pyxform fills '-' for it in each other language";
const GROUPHINT =
  "a group's plain hint: pyxform leaves it out of the XForm, but writes a translated one (as our export writes every text, hint::English (en)) into itext";
const OTHERLABEL =
  "or_other's added 'Specify other.' question: pyxform labels it without a language (its 'default' language); we label it in the base language, so it shows, and pyxform fills '-' for it in the other languages of our export";
const PHONEHINT =
  "'phone number': pyxform's hint 'Enter numbers only.' has no language (its 'default' language); we keep it in the base language";
const FORMLABEL =
  "the settings sheet's label::<language> columns (the form's title in each language, pyxform's itext for the form) are not kept: the survey has one name";

type Known = readonly (readonly [pattern: string, count: number, why: string])[];
const KNOWN: Record<string, Known> = {
  'case_insensitivity.xlsx': [
    ['question /q3 type', 1, OSM],
    ['question /q3 control', 1, OSM],
    ['question /q3 mediatype', 1, OSM],
    ['question /q2 control', 1, EXTERNAL],
    ['question /q2 choices', 1, EXTERNAL],
    ['question /q2 choiceFilter', 1, EXTERNAL],
    ['text EN /q2 *', 2, EXTERNAL],
  ],
  'cht-enketo-widgets.xlsx': [
    ['text default missing', 1, PLAINBASE],
    ['text en *:hint', 7, PLAINBASE],
  ],
  'field-list.xlsx': [
    ['text chinese /name/table_list_question:hint', 1, PLAINDASH],
    ['text english /name/table_list_question:hint', 1, PLAINDASH],
  ],
  'flat_xlsform_test.xlsx': [['import refuses: encryptedForm', 1, ENCRYPTED]],
  'group.xlsx': [
    ['text default missing', 1, PHONEHINT],
    ['text English (en) /father/phone_number:hint', 1, PHONEHINT],
  ],
  'hot-highways.xls': [
    ['text default missing', 1, PLAINBASE],
    ['text English(en) *', 110, PLAINBASE],
  ],
  'hot-waterpoints.xls': [
    ['text default missing', 1, OTHERLABEL],
    ['text English(en) *_other:label', 4, OTHERLABEL],
    ['text French(fr) *_other:label', 4, OTHERLABEL],
  ],
  'ifrc-distribution-site-assessment.xls': [
    ['text English /:label', 1, FORMLABEL],
    ['text Français /:label', 1, FORMLABEL],
  ],
  'loop.xls': [
    ['text default missing', 1, OTHERLABEL],
    ['text english /available_toilet_types_other:label', 1, OTHERLABEL],
  ],
  'odk-all-question-types.xlsx': [['text default /table_list:hint', 1, GROUPHINT]],
  'odk-socio-economic-survey.xlsx': [
    ['text default missing', 1, PLAINBASE],
    ['text English (en) *', 6, PLAINBASE],
    ['text French (fr) *', 6, FILL],
  ],
  'ona-encrypted-form.xls': [['import refuses: encryptedForm', 1, ENCRYPTED]],
  'ona-good-eats-multilang.xlsx': [
    ['text default missing', 1, `${PLAINBASE}; ${OTHERLABEL}`],
    ['text English /food_type_other:label', 1, OTHERLABEL],
    ['text French /food_type_other:label', 1, OTHERLABEL],
    ['text English *:hint', 4, PLAINBASE],
    ['text French *:hint', 4, FILL],
  ],
  'ona-subdistrict-profiling-tool.xlsx': [
    ['question * control', 3, EXTERNAL],
    ['question * choicesFile', 3, EXTERNAL],
    ['question * choiceFilter', 3, EXTERNAL],
  ],
  'specify_other.xlsx': [
    ['text default missing', 1, OTHERLABEL],
    ['text English /sex_other:label', 1, OTHERLABEL],
  ],
  'xlsform_spec_test.xlsx': [['import refuses: encryptedForm', 1, ENCRYPTED]],
};

const glob = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);

/** The differences no KNOWN entry accounts for, and the KNOWN entries whose count is not what is found. */
function unexplained(file: string, found: readonly Difference[]) {
  const known = (KNOWN[file] ?? []).map(([pattern, count, why]) => ({ re: glob(pattern), pattern, count, why, n: 0 }));
  const extra: string[] = [];
  for (const d of found) {
    const k = known.find((x) => x.re.test(d.key));
    if (k) k.n++;
    else extra.push(`${file}: ${d.key}: original ${d.original}, ours ${d.ours}`);
  }
  const stale = known
    .filter((k) => k.n !== k.count)
    .map((k) => `${file}: KNOWN '${k.pattern}' (${k.why}) expects ${k.count}, found ${k.n}`);
  return [...extra, ...stale];
}

describe('published XLSForms keep their meaning through import and export', () => {
  it('has the published forms, three or more of them .xls', () => {
    expect(files.length).toBeGreaterThanOrEqual(45);
    expect(files.filter((f) => f.endsWith('.xls')).length).toBeGreaterThanOrEqual(3);
  });

  it('pyxform reads our export of each as it reads the original', { timeout: 180_000 }, async () => {
    if (missing) {
      if (mustJudge()) throw new Error(`pyxform is required under CI: ${missing}`);
      console.error(`\n*** fidelity: pyxform cannot run here (${missing}); NOT compared. ***\n`);
      return;
    }
    // One pyxform run per side: starting Python is most of its time.
    const originals = judgeBuffers(files.map((f) => ({ name: f, bytes: readFileSync(`${FIXTURES}/${f}`) })));
    expect(
      originals.filter((v) => !v.ok).map((v) => `${v.file}: ${v.error}`),
      'every fixture is one pyxform accepts',
    ).toEqual([]);

    const found = new Map<string, Difference[]>(files.map((f) => [f, []]));
    const exports: { name: string; bytes: Buffer }[] = [];
    for (const f of files) {
      // Named by the file's stem, as pyxform names a form without a title.
      const r = await importBytes(readFileSync(`${FIXTURES}/${f}`), f.replace(/\.xlsx?$/, '')).catch((e: unknown) => ({
        thrown: e,
      }));
      if ('thrown' in r) {
        found.get(f)!.push({ key: 'import throws', original: 'accepted by pyxform', ours: String(r.thrown) });
        continue;
      }
      const errors = r.report.filter((l) => l.level === 'error');
      if (!r.model || errors.length) {
        for (const code of new Set(errors.map((e) => e.code)))
          found.get(f)!.push({
            key: `import refuses: ${code}`,
            original: 'accepted by pyxform',
            ours: errors
              .filter((e) => e.code === code)
              .slice(0, 3)
              .map((e) => `${e.sheet}!${e.column}${e.row}: ${e.message}`)
              .join('; '),
          });
        continue;
      }
      exports.push({ name: f.replace(/\.xls$/, '.xls.xlsx'), bytes: await workbookOf(r.model) });
    }
    const ours = new Map(judgeBuffers(exports).map((v, i) => [exports[i]!.name, v]));

    for (const [i, f] of files.entries()) {
      const v = ours.get(f.replace(/\.xls$/, '.xls.xlsx'));
      if (!v) continue;
      if (!v.ok) {
        found.get(f)!.push({ key: 'export refused by pyxform', original: 'accepted', ours: v.error ?? '' });
        continue;
      }
      found.get(f)!.push(...compare(summarise(originals[i]!.xform!), summarise(v.xform!)));
    }

    if (process.env.FIDELITY_DUMP)
      for (const [f, d] of found) for (const x of d) console.log(`DIFF\t${f}\t${x.key}\t${x.original}\t${x.ours}`);
    const problems = files.flatMap((f) => unexplained(f, found.get(f)!));
    const unknownFixtures = Object.keys(KNOWN).filter((f) => !files.includes(f));
    expect([...problems, ...unknownFixtures.map((f) => `KNOWN lists ${f}, which is not a fixture`)]).toEqual([]);
  });
});

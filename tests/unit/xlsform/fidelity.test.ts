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
// Why each difference is there: the missing feature, named once.
const XLS = '.xls (BIFF8) is not read: the reader takes .xlsx only';
const THROWS = 'the reader throws (RangeError: Invalid time value) on a cell it does not expect: a 500 on upload';
const COLUMNS = 'the sheet formatting spans 1,015 mostly empty columns; the reader refuses past 500, counting empty ones';
const SAMENAME = 'the same name in different groups or repeats is refused (pyxform: names are unique per parent)';
const CHOICESPACE = 'choice names with spaces are refused (pyxform warns only)';
const NONAME = 'a row pyxform needs no name for (a note) is refused without one';
const IMEI = "the legacy type 'imei' (pyxform: deviceid) is unknown to the import";
const FROM = "'select all that apply from <list>': the reader takes 'from' for the list name";
const ENTITIES = 'entities: the entities sheet is dropped (save_to kept without it makes an export pyxform refuses)';
const VERSION = 'settings version is dropped';
const STYLE = 'settings style is dropped';
const INSTANCENAME = 'settings instance_name is dropped';
const MEDIA = 'audio and video become a file question (mediatype application/*)';
const BARCODE = 'barcode becomes text';
const GEO = 'geotrace and geoshape become a single point (geopoint)';
const REQUIRED = 'a conditional required becomes always required';
const DUPCHOICES = 'allow_choice_duplicates: repeated choice names are merged';
const OROTHER = "or_other: pyxform's added 'other' choice is not in the list we export (we export a text question beside it)";
const PHONE = "'phone number' (pyxform: text with a digits-only constraint) is exported without the constraint";
const EXTERNAL = 'select_one_external (pyxform: a text input, choices from the external file) is read as a select';
const OSM = "the 'osm' type (pyxform: an upload of osm/*) becomes text";
const FREELANG = 'a language column whose name is not on our list (free language name) is dropped';
const UNSUFFIXED =
  "unsuffixed label/hint/constraint_message beside label::X: pyxform's default language; ours drops them or moves them to the base language";
const LANGMERGE =
  "'label::English' (survey) and 'label::English (EN)' (choices) are two languages to pyxform, '-' filling each; ours reads one English";
const FLAT =
  "pyxform reads the questions after 'begin group everything' (no 'end group' before the sheet ends a repeat) at the top level; ours nests them in the group";

type Known = readonly (readonly [pattern: string, count: number, why: string])[];
const KNOWN: Record<string, Known> = {
  'UCL_Biomass_Plot_Form.xlsx': [
    ['form version', 1, VERSION],
    ['question /trees/stems/stem_height required', 1, REQUIRED],
  ],
  'case_insensitivity.xlsx': [
    ['question /q3 type', 1, OSM],
    ['question /q3 control', 1, OSM],
    ['question /q3 mediatype', 1, OSM],
    ['question /meta/entity/@id missing', 1, ENTITIES],
    ['question /meta/entity/label missing', 1, ENTITIES],
    ['question * control', 1, EXTERNAL],
    ['question * choices', 1, EXTERNAL],
    ['question * choiceFilter', 1, EXTERNAL],
    ['text EN *', 2, EXTERNAL],
  ],
  'choice_filter_test.xlsx': [['question /county choices', 1, DUPCHOICES]],
  'cht-draw-widget.xlsx': [['import refuses: sheetColumns', 1, COLUMNS]],
  'cht-enketo-widgets.xlsx': [['import refuses: duplicateName', 1, SAMENAME]],
  'cht-large-cha.xlsx': [
    ['form version', 1, VERSION],
    ['form style', 1, STYLE],
  ],
  'cht-repeat-translation-count.xlsx': [['import throws', 1, THROWS]],
  'cht-select-from-file.xlsx': [['import throws', 1, THROWS]],
  'field-list.xlsx': [
    ['text default missing', 1, UNSUFFIXED],
    ['text chinese missing', 1, FREELANG],
    ['text english *', 3, UNSUFFIXED],
  ],
  'flat_xlsform_test.xlsx': [
    ['question /meta/instanceName missing', 1, INSTANCENAME],
    ['text default missing', 1, UNSUFFIXED],
    ['text chinese missing', 1, FREELANG],
    ['question * relevant', 1, FLAT],
    ['question * missing', 45, FLAT],
    ['question * added', 49, FLAT],
    ['text english *', 119, FLAT],
  ],
  'group.xlsx': [
    ['question /father/phone_number constraint', 1, PHONE],
    ['text default missing', 1, UNSUFFIXED],
  ],
  'hot-amenities.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'hot-entities-registration.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'hot-highways.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'hot-thamel.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'hot-waste-collection.xlsx': [
    ['import refuses: choiceName', 1, CHOICESPACE],
    ['import refuses: invalidName', 1, NONAME],
  ],
  'hot-waterpoints.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'loop.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'odk-all-question-types.xlsx': [
    ['form version', 1, VERSION],
    ['question /media_question_types/barcode type', 1, BARCODE],
    ['question /media_question_types/barcode_hidden_answer type', 1, BARCODE],
    ['question /geo_question_types/geotrace type', 1, GEO],
    ['question /geo_question_types/geoshape type', 1, GEO],
    ['text default /table_list:hint', 1, UNSUFFIXED],
    ['question * mediatype', 4, MEDIA],
  ],
  'odk-recensement-etablissements-scolaires.xlsx': [
    ['form version', 1, VERSION],
    ['question /meta/instanceName missing', 1, INSTANCENAME],
    ['text default /nombre_eleves:jr:constraintMsg', 1, UNSUFFIXED],
  ],
  'odk-socio-economic-survey.xlsx': [
    ['form version', 1, VERSION],
    ['text default missing', 1, UNSUFFIXED],
    ['text English *', 6, UNSUFFIXED],
    ['text French *', 6, UNSUFFIXED],
  ],
  'ona-childrens-survey-unicode.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'ona-geoshapes.xlsx': [['question /segment/blueline type', 1, GEO]],
  'ona-geotraces.xlsx': [['import refuses: choiceName', 1, CHOICESPACE]],
  'ona-good-eats-multilang.xlsx': [['import refuses: unknownType', 1, IMEI]],
  'ona-groups-in-repeats.xlsx': [
    ['import refuses: unknownList', 1, FROM],
    ['import refuses: duplicateName', 1, SAMENAME],
  ],
  'ona-multi-lingual-form.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'ona-nested-repeats.xlsx': [['import refuses: unknownList', 1, FROM]],
  'ona-randomize.xlsx': [['question /county choices', 1, DUPCHOICES]],
  'ona-subdistrict-profiling-tool.xlsx': [
    ['text العربية missing', 1, FREELANG],
    ['question * control', 3, EXTERNAL],
    ['question * choicesFile', 3, EXTERNAL],
    ['question * choiceFilter', 3, EXTERNAL],
    ['text English *', 257, LANGMERGE],
  ],
  'ona-trees-follow-up.xlsx': [
    ['form version', 1, VERSION],
    ['question /meta/instanceName missing', 1, INSTANCENAME],
  ],
  'ona-trees-registration.xlsx': [['export refused by pyxform', 1, ENTITIES]],
  'ona-unicode-relevant.xlsx': [['text Tetun missing', 1, FREELANG]],
  'or_other.xlsx': [
    ['question /fav_pastel choices', 1, OROTHER],
    ['text default /fav_pastel other', 1, OROTHER],
  ],
  'philsa-disaster-incidence.xlsx': [['form version', 1, VERSION]],
  'specify_other.xlsx': [
    ['text English /sex_other:label', 1, UNSUFFIXED],
    ['text default missing', 1, UNSUFFIXED],
  ],
  'style_settings.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'unhcr-kobo-xlsform-examples.xlsx': [['import refuses: duplicateName', 1, SAMENAME]],
  'who-va-2016-v1_5_2.xlsx': [
    ['form version', 1, VERSION],
    ['form style', 1, STYLE],
  ],
  'who-va-2022-v1_1.xlsx': [
    ['form version', 1, VERSION],
    ['form style', 1, STYLE],
    ['question /consented/narrat/Id10476_audio mediatype', 1, MEDIA],
  ],
  'widgets.xls': [['import refuses: archiveDamaged', 1, XLS]],
  'xlsform_spec_test.xlsx': [
    ['question /everything/barcode_test type', 1, BARCODE],
    ['question /everything/audio_test mediatype', 1, MEDIA],
    ['question /everything/video_test mediatype', 1, MEDIA],
    ['question /meta/instanceName missing', 1, INSTANCENAME],
    ['text default missing', 1, UNSUFFIXED],
    ['text chinese missing', 1, FREELANG],
    ['text english *', 28, UNSUFFIXED],
  ],
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

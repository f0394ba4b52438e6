// The data table's columns: the submission's own facts, then one per top-level question of the survey,
// with which are shown and in what order remembered per user and survey (in this browser).
import { dataFields, bindSurvey, keyLabel, labelWithoutAnswers, textIn, type SurveyModel } from '../../../engine/survey/index';

export interface ColumnDef {
  key: string;
  /** A translation key for the fixed columns; a question's label (author text) otherwise. */
  label: string;
  fixed: boolean;
  /** What getSubmissions' Sort names this column by; undefined: the column does not sort. */
  sort: string | undefined;
}

export const FIXED_COLUMNS: readonly ColumnDef[] = [
  { key: '_submittedAt', label: 'surveyData.col.submittedAt', fixed: true, sort: 'submittedAt' },
  { key: '_collector', label: 'surveyData.col.collector', fixed: true, sort: 'collector' },
  { key: '_review', label: 'surveyData.col.review', fixed: true, sort: 'reviewStatus' },
  { key: '_duration', label: 'surveyData.col.duration', fixed: true, sort: 'duration' },
  { key: '_location', label: 'surveyData.col.location', fixed: true, sort: undefined },
];

/**
 * Column headers of a survey's questions by name (the top level and the repeat groups): the label in
 * the language (else the base language), with `${name}` references shown as the labels they name
 * (engine labelWithoutAnswers), or the name.
 */
export function questionHeaders(model: SurveyModel, languageId: number | undefined): ReadonlyMap<string, string> {
  const b = bindSurvey(model);
  const label = (name: string) => {
    const node = b.byName.get(name);
    return node && textIn(node.model.questionLabels, languageId ?? b.baseLanguageId, b.baseLanguageId);
  };
  return new Map(
    b.nodes.map((n) => {
      const own = label(n.name);
      return [n.name, own === undefined ? keyLabel(n.name) : labelWithoutAnswers(own, label)];
    }),
  );
}

export function questionColumns(model: SurveyModel, headers: ReadonlyMap<string, string>): ColumnDef[] {
  return dataFields(bindSurvey(model), null).map((n) => ({ key: n.name, label: headers.get(n.name) ?? n.name, fixed: false, sort: `q:${n.name}` }));
}

export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

const prefKey = (userId: string, surveyId: string) => `fs.dataColumns.${userId}.${surveyId}`;

export function loadPrefs(userId: string, surveyId: string): ColumnPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(prefKey(userId, surveyId)) ?? 'null') as Partial<ColumnPrefs> | null;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 2000) : []);
    return { order: strings(raw?.order), hidden: strings(raw?.hidden) };
  } catch {
    return { order: [], hidden: [] };
  }
}

export function savePrefs(userId: string, surveyId: string, prefs: ColumnPrefs): void {
  try {
    localStorage.setItem(prefKey(userId, surveyId), JSON.stringify(prefs));
  } catch {
    // Storage full or refused: the choice lasts for this visit only.
  }
}

/** The columns in the remembered order (new questions at the end), each with whether it is shown. */
export function arrange(all: readonly ColumnDef[], prefs: ColumnPrefs): (ColumnDef & { shown: boolean })[] {
  const rank = new Map(prefs.order.map((k, i) => [k, i]));
  return [...all]
    .map((c, i) => ({ c, i }))
    .sort((x, y) => (rank.get(x.c.key) ?? 10_000 + x.i) - (rank.get(y.c.key) ?? 10_000 + y.i))
    .map(({ c }) => ({ ...c, shown: !prefs.hidden.includes(c.key) }));
}

/** Moves a column one place up (-1) or down (+1) in the arrangement. */
export function move(arranged: readonly { key: string }[], key: string, by: -1 | 1): string[] {
  const keys = arranged.map((c) => c.key);
  const i = keys.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= keys.length) return keys;
  [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  return keys;
}

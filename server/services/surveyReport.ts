// GET DataCollection/getSurveyReport: the project dashboard's reports of one survey. The
// survey must lie in the caller's projects; a DataCollector's report counts only their own submissions
// (dataFilterOf); the data table's filters apply. Every figure comes aggregated from SQL
// (db/queries/surveyReport.ts); labels are the survey's, in the language asked for.
import { dataFields, keyLabel, textIn, type Bindings, type FieldNode } from '../../engine/survey/index';
import { REPORT_LIMITS } from '../../schemas/surveyReport';
import {
  binCounts,
  choiceCounts,
  gpsPoints,
  numberStats,
  perCollector,
  perDay,
  perTask,
  reportTotals,
  type BinPlan,
  type NumberStats,
} from '../db/queries/surveyReport';
import { dataFilterOf, readableSurvey, type DataDeps, type DataReader, type FilterQuery } from './submissionData';

export interface ReportQuery extends FilterQuery {
  SurveyId: string;
  LanguageId?: number | undefined;
  Bins?: number | undefined;
}

const SELECT_TYPES = new Set([32, 33]);
/** Numbers that make a histogram (integer, decimal, range); phone numbers are texts to a reader. */
const NUMBER_TYPES = new Set([35, 36, 275]);
const GPS_TYPE = 105;

/** Whole-number questions (integer; a range's steps are whole when its answers are). */
const WHOLE_TYPES = new Set([35, 275]);
/** A label's references to answers ('${name}') read as an ellipsis in a report, which has no one answer to put there. */
const plainLabel = (label: string) => label.replace(/\$\{[^}]*\}/g, '…');

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Bins of a histogram: whole numbers get whole-number bins (one per value when few), decimals equal widths. */
export function planBins(itemId: string, s: NumberStats, wanted: number, integer: boolean): BinPlan {
  if (integer && Number.isInteger(s.min) && Number.isInteger(s.max)) {
    const span = s.max - s.min + 1;
    const width = Math.max(1, Math.ceil(span / wanted));
    return { itemId, start: s.min, width, bins: Math.ceil(span / width) };
  }
  if (s.max === s.min) return { itemId, start: s.min, width: 1, bins: 1 };
  return { itemId, start: s.min, width: (s.max - s.min) / wanted, bins: wanted };
}

export async function surveyReport(deps: DataDeps, reader: DataReader, q: ReportQuery) {
  const { head, survey } = await readableSurvey(deps, reader, q.SurveyId);
  const b: Bindings = survey.bindings;
  const filter = dataFilterOf(reader, q.SurveyId, b, q);
  const lang = q.LanguageId && b.languages.some((l) => l.languageId === q.LanguageId) ? q.LanguageId : b.baseLanguageId;
  const text = (texts: FieldNode['model']['questionLabels'], name: string) => plainLabel(textIn(texts, lang, b.baseLanguageId) ?? name);
  const fields = dataFields(b, null);
  const selects = fields.filter((n) => SELECT_TYPES.has(n.type)).slice(0, REPORT_LIMITS.questions);
  const numbers = fields.filter((n) => NUMBER_TYPES.has(n.type)).slice(0, REPORT_LIMITS.questions);
  const gps = fields.filter((n) => n.type === GPS_TYPE).slice(0, REPORT_LIMITS.gpsQuestions);

  const db = deps.db;
  const totals = await reportTotals(db, filter);
  const days = await perDay(db, filter, REPORT_LIMITS.days);
  const collectors = await perCollector(db, filter, REPORT_LIMITS.collectors);
  const tasks = await perTask(db, filter, REPORT_LIMITS.tasks);
  const choices = await choiceCounts(
    db,
    filter,
    selects.map((n) => n.id),
  );
  const stats = await numberStats(
    db,
    filter,
    numbers.map((n) => n.id),
  );
  const wanted = q.Bins ?? 10;
  const plans = numbers.flatMap((n) => {
    const s = stats.get(n.id);
    return s ? [planBins(n.id, s, wanted, WHOLE_TYPES.has(n.type))] : [];
  });
  const bins = await binCounts(db, filter, plans);
  const located = await gpsPoints(
    db,
    filter,
    gps.map((n) => n.id),
    REPORT_LIMITS.points,
  );

  const goal = head.collectionGoal;
  return {
    survey: {
      id: head.id,
      name: head.name,
      languageId: lang,
      languages: b.languages.map((l) => ({ id: l.languageId, name: l.name, code: l.code })),
    },
    totalSubmissions: totals.total,
    firstSubmittedAt: totals.first,
    lastSubmittedAt: totals.last,
    goal: { target: goal, reached: totals.total, percent: goal > 0 ? round((100 * totals.total) / goal) : null },
    perDay: days,
    perCollector: collectors,
    perTask: tasks,
    selectQuestions: selects.map((n) => {
      const answered = choices.answered.get(n.id) ?? 0;
      return {
        id: n.id,
        name: n.name,
        label: text(n.model.questionLabels, keyLabel(n.name)),
        multiple: n.type === 33,
        answered,
        choices: n.choices.map((c) => {
          const count = choices.counts.get(`${n.id}|${c.id}`) ?? 0;
          return {
            id: c.id,
            name: c.name,
            label: textIn(c.labels, lang, b.baseLanguageId) ?? c.name,
            count,
            percent: answered ? round((100 * count) / answered) : 0,
          };
        }),
      };
    }),
    numberQuestions: numbers.map((n) => {
      const s = stats.get(n.id);
      const plan = plans.find((p) => p.itemId === n.id);
      const integer = WHOLE_TYPES.has(n.type) && !!plan && Number.isInteger(plan.width) && Number.isInteger(plan.start);
      return {
        id: n.id,
        name: n.name,
        label: text(n.model.questionLabels, keyLabel(n.name)),
        answered: s?.count ?? 0,
        min: s?.min ?? null,
        max: s?.max ?? null,
        mean: s ? round(s.mean, 2) : null,
        bins: plan
          ? Array.from({ length: plan.bins }, (_, i) => {
              const from = plan.start + i * plan.width;
              const to = integer ? from + plan.width - 1 : i === plan.bins - 1 ? (s?.max ?? from) : from + plan.width;
              return { from: round(from, 4), to: round(to, 4), count: bins.get(`${n.id}|${i}`) ?? 0 };
            })
          : [],
      };
    }),
    gpsQuestions: gps.map((n) => ({
      id: n.id,
      name: n.name,
      label: text(n.model.questionLabels, keyLabel(n.name)),
      answered: located.answered.get(n.id) ?? 0,
      points: located.points.get(n.id) ?? [],
    })),
  };
}

// POST DataCollection/importXlsForm: a workbook (.xlsx, .xlsm or .xls, told by its bytes) read within
// limits (archive.ts, then rows, columns and cell length; workers/workbook.ts), converted by engine/survey/xlsform, and stored as a new survey in Editing or as the
// new content of a survey still Editing. Nothing is stored when the report holds an error.
import type { Kysely } from 'kysely';
import { renumberLanguages, said, type ReportEntry, type SurveyModel } from '../../engine/survey/index';
import { MAX_SURVEY_DEPTH, MAX_SURVEY_ITEMS } from '../../schemas/surveyBuilder';
import { XLSFORM_CELL_MAX } from '../../schemas/xlsform';
import { insertSurvey, loadSurveyModel, projectExists } from '../db/queries/surveys';
import type { DB } from '../db/schema';
import { problem } from '../problems';
import { runInWorker, WORKER_LIMITS, WorkerBudgetError } from '../workers/pool';
import type { SheetLimits } from '../workers/workbook';
import { projectScopeOf } from './projectScope';
import type { Tenant } from './recycleBin';
import { saveSurvey } from './surveyBuilder';

type Q = Kysely<DB>;

/** The sheets pyxform reads (its SUPPORTED_SHEET_NAMES); any other sheet of a workbook is never parsed. */
const XLSFORM_SHEETS = ['survey', 'choices', 'settings', 'external_choices', 'osm', 'entities'];

export const XLSFORM_SHEET_LIMITS: SheetLimits = { rows: 20_000, columns: 500, cellLength: XLSFORM_CELL_MAX, sheets: XLSFORM_SHEETS };

const refuse = (report: ReportEntry[]) =>
  problem('validation', { message: 'The workbook cannot be imported.', errors: report.slice(0, 20).map(describe), data: { report } });
const describe = (r: ReportEntry): string =>
  `${r.sheet}${r.row ? ` row ${r.row}` : ''}${r.column ? ` column '${r.column}'` : ''}: ${r.message}`;

/** How long one workbook may take to read and convert: a 1,000-question form takes well under 2 s. */
export const XLSFORM_TIME_BUDGET_MS = 20_000;

/** The workbook as a survey model and its report, converted in a worker; the report's errors mean nothing may be stored. */
export async function convertWorkbook(db: Q, bytes: Buffer, fileName: string) {
  const languages = await db.selectFrom('languages').select(['id', 'name', 'code']).where('organization_id', 'is', null).execute();
  try {
    return await runInWorker(
      'convertXlsForm',
      {
        bytes,
        limits: XLSFORM_SHEET_LIMITS,
        languages,
        fallbackName: fileName.replace(/\.[^.]*$/, '').trim() || 'Imported form',
        maxItems: MAX_SURVEY_ITEMS,
        maxDepth: MAX_SURVEY_DEPTH,
      },
      { timeoutMs: XLSFORM_TIME_BUDGET_MS },
    );
  } catch (e) {
    if (!(e instanceof WorkerBudgetError)) throw e;
    const why =
      e.limit === 'time'
        ? said('readingTime', { max: XLSFORM_TIME_BUDGET_MS / 1000 })
        : said('readingMemory', { max: WORKER_LIMITS.maxOldGenerationSizeMb });
    const entry: ReportEntry = { sheet: '', row: 0, column: '', level: 'error', ...why };
    return { model: null, report: [entry] };
  }
}

/**
 * The form's languages that are not on the product's list (the import numbers them -1, -2, …) as the
 * organization's own: one row per name and code, shared by its surveys that name it; the model then
 * carries their ids.
 */
async function storeOwnLanguages(db: Q, organizationId: string, model: SurveyModel): Promise<void> {
  const own = model.surveyLanguageMaps.filter((l) => l.languageId < 0);
  if (own.length === 0) return;
  const ids = new Map<number, number>();
  for (const l of own) {
    const row = await db
      .insertInto('languages')
      .values({ organization_id: organizationId, name: l.name, code: l.code })
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'name', 'code'])
          .where('organization_id', 'is not', null)
          .doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(l.languageId, row.id);
  }
  renumberLanguages(model, ids);
}

export interface ImportRequest {
  projectId: string;
  surveyId?: string | undefined;
  fileName: string;
  bytes: Buffer;
}

export async function importWorkbook(db: Q, t: Tenant, req: ImportRequest): Promise<{ surveyId: string; report: ReportEntry[] }> {
  if (!(await projectExists(db, projectScopeOf(t), req.projectId))) throw problem('notFound');
  let current: SurveyModel | undefined;
  let version = 0;
  if (req.surveyId !== undefined) {
    const head = await db
      .selectFrom('surveys')
      .select(['status', 'version', 'project_id'])
      .where('id', '=', req.surveyId)
      .where('organization_id', '=', t.organizationId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!head || head.project_id !== req.projectId) throw problem('notFound');
    if (head.status !== 0)
      throw problem('validation', {
        errors: ["'SurveyId' names a survey that is no longer Editing: only an Editing survey's content can be replaced"],
      });
    current = await loadSurveyModel(db, t.organizationId, req.surveyId);
    version = head.version;
  }
  const { model, report } = await convertWorkbook(db, req.bytes, req.fileName);
  if (!model) throw refuse(report);
  await storeOwnLanguages(db, t.organizationId, model);
  if (current && req.surveyId) {
    // The imported content replaces the survey's; the survey keeps its id, name and its other languages.
    const languages = new Map(current.surveyLanguageMaps.map((l) => [l.languageId, l]));
    for (const l of model.surveyLanguageMaps)
      if (!languages.has(l.languageId)) languages.set(l.languageId, { ...l, isBaseLanguage: false });
    const missing = model.surveyLanguageMaps.filter((l) => !current!.surveyLanguageMaps.some((c) => c.languageId === l.languageId));
    if (missing.length) {
      await db
        .insertInto('survey_languages')
        .values(
          missing.map((l) => ({
            organization_id: t.organizationId,
            survey_id: req.surveyId!,
            language_id: l.languageId,
            is_base: false,
            translate_status: 0,
          })),
        )
        .execute();
      const head = await db.selectFrom('surveys').select('version').where('id', '=', req.surveyId).executeTakeFirstOrThrow();
      version = head.version;
    }
    const collect = (items: SurveyModel['surveyItems']): string[] => items.flatMap((i) => [i.id, ...collect(i.innerItems)]);
    await saveSurvey(db, t, {
      surveyId: req.surveyId,
      version,
      model: {
        ...model,
        id: req.surveyId,
        name: current.name,
        description: current.description,
        surveyLanguageMaps: [...languages.values()],
      },
      deletedIds: collect(current.surveyItems),
    });
    // The form's settings come with its content (saveSurvey keeps the survey's own fields).
    await db
      .updateTable('surveys')
      .set({ settings: JSON.stringify(model.settings ?? {}) })
      .where('id', '=', req.surveyId)
      .where('organization_id', '=', t.organizationId)
      .execute();
    return { surveyId: req.surveyId, report };
  }
  const { id } = await db.transaction().execute((trx) =>
    insertSurvey(trx, {
      organizationId: t.organizationId,
      projectId: req.projectId,
      createdBy: t.userId,
      model,
      status: 0,
      endDate: null,
    }),
  );
  return { surveyId: id, report };
}

// The WHO 2016 verbal autopsy form (fixtures/xlsforms, about 450 questions), imported as the product
// imports it: read by the workbook reader, converted by the XLSForm import. Used by the who-va bench
// and the fill-page bench.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importXlsForm, type SurveyModel } from '../../engine/survey/index';
import { MAX_SURVEY_DEPTH, MAX_SURVEY_ITEMS } from '../../schemas/surveyBuilder';
import { XLSFORM_SHEET_LIMITS } from '../../server/services/xlsformImport';
import { readWorkbook } from '../../server/workers/workbook';

export const FIXTURE = 'fixtures/xlsforms/who-va-2016-v1_5_2.xlsx';

export async function whoVa(languages: { languageId: number; name: string; code: string }[]): Promise<SurveyModel> {
  const read = await readWorkbook(readFileSync(FIXTURE), XLSFORM_SHEET_LIMITS);
  if ('report' in read) throw new Error(`WHO VA: ${JSON.stringify(read.report[0])}`);
  const language = (key: string) => languages.find((l) => l.code === key.toLowerCase() || l.name.toLowerCase() === key.toLowerCase());
  const { model, report } = importXlsForm(read.sheets, {
    language,
    newId: randomUUID,
    fallbackName: 'WHO VA 2016',
    maxItems: MAX_SURVEY_ITEMS,
    maxDepth: MAX_SURVEY_DEPTH,
  });
  if (!model) throw new Error(`WHO VA: ${JSON.stringify(report.find((r) => r.level === 'error'))}`);
  return model;
}

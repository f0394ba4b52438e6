// Reading fixture workbooks without a database: the languages of the reference table a test needs.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importXlsForm, languageFinder, type ImportResult, type LanguageRef, type ReportCode } from '../../../engine/survey/index';
import { MAX_SURVEY_DEPTH, MAX_SURVEY_ITEMS } from '../../../schemas/surveyBuilder';
import { XLSFORM_SHEET_LIMITS } from '../../../server/services/xlsformImport';
import { readWorkbook } from '../../../server/workers/workbook';

const LANGUAGES: LanguageRef[] = [
  { languageId: 1, name: 'English', code: 'en' },
  { languageId: 2, name: 'French', code: 'fr' },
  { languageId: 3, name: 'Arabic', code: 'ar' },
  { languageId: 4, name: 'Spanish', code: 'es' },
  { languageId: 5, name: 'Swahili', code: 'sw' },
  { languageId: 6, name: 'Portuguese', code: 'pt' },
  { languageId: 7, name: 'German', code: 'de' },
  { languageId: 8, name: 'Indonesian', code: 'id' },
  { languageId: 9, name: 'Tigrinya', code: 'ti' },
];
export const languageOf: (key: string) => LanguageRef | undefined = languageFinder(LANGUAGES);

export async function importBytes(bytes: Buffer, name = 'form'): Promise<ImportResult> {
  const read = await readWorkbook(bytes, XLSFORM_SHEET_LIMITS);
  if ('report' in read) return { model: null, report: read.report };
  return importXlsForm(read.sheets, {
    language: languageOf,
    newId: randomUUID,
    fallbackName: name,
    maxItems: MAX_SURVEY_ITEMS,
    maxDepth: MAX_SURVEY_DEPTH,
  });
}

export const importFile = (path: string): Promise<ImportResult> => importBytes(readFileSync(path), path);

/**
 * Published forms the import refuses on purpose, with the code of the refusal: an encrypted form
 * (public_key) would have its submissions stored unencrypted here.
 */
export const REFUSED: Readonly<Record<string, ReportCode>> = {
  'flat_xlsform_test.xlsx': 'encryptedForm',
  'ona-encrypted-form.xls': 'encryptedForm',
  'xlsform_spec_test.xlsx': 'encryptedForm',
};

// XLSForm in and out: see README.md and docs/xlsform.md.
export { xlsformSheets, exportFileName, type XlsFormSheet, type SheetRow } from './export';
export { importXlsForm, type ImportOptions, type ImportResult, type LanguageRef, type ReportEntry, type Sheet } from './import';
export { languageFinder, renumberLanguages } from './languages';
export { NEAREST_REASONS, REPORT_MESSAGES, said, type NearestReason, type ReportCode } from './messages';

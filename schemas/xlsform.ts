// POST DataCollection/importXlsForm (issue 14): multipart fields ProjectId, File and optional SurveyId.
// The body is multipart, so these bounds are checked by the route as it reads the parts; the report's
// shape is what both the success and the refusal carry.
import { SURVEY_AUTHOR_ROLES } from './surveyBuilder';

export const XLSFORM_IMPORT_ROLES = SURVEY_AUTHOR_ROLES;
/** The multipart fields the route reads; anything else is refused naming it. */
export const XLSFORM_IMPORT_FIELDS = ['ProjectId', 'SurveyId', 'File'] as const;
/** Real forms (the WHO verbal autopsy is several MB) are larger than the 1 MB bulk-upload rule allows. */
export const XLSFORM_MAX_BYTES = 10 * 1024 * 1024;

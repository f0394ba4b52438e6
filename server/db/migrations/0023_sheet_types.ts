// XLSForm types kept as a variant of one of the 21 question types (engine/survey/question-types.ts
// SHEET_TYPES): a line or shape on a Text, a barcode on a Text, audio or video on a File upload. Null: the
// type's own. The check lists the variants and the type each belongs to, so no other pair is stored.
export const sheetTypes = /* sql */ `
    alter table survey_items add column sheet_type text check (
      sheet_type is null
      or (sheet_type in ('geotrace', 'geoshape', 'barcode') and question_type = 34)
      or (sheet_type in ('audio', 'video') and question_type = 110));
`;

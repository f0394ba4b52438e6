// The data table's answer filters on texts and yes/no questions, as migration 16 did for
// numbers and choices: the index carries the submission and organization ids, so a filter's count and
// page are index-only scans instead of one random read of the answers table per matching answer.
// Texts: only short values are indexed (a long answer's text would make the index as large as the
// table); the filter adds the same length condition when its value is short, which is what lets the
// planner use a partial index (answerCondition in queries/submissionData.ts).
export const answerFilterIndexes = /* sql */ `
    create index answers_item_text_of on answers (item_id, text_value) include (organization_id, submission_id) where text_value is not null and length(text_value) < 200;
    drop index answers_item_text;
    create index answers_item_bool_of on answers (item_id, bool_value) include (organization_id, submission_id) where bool_value is not null;
`;

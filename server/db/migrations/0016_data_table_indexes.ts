// The data table's first page with an answer filter on 100,000 submissions, in under 300 ms
// (docs/decisions/0038-data-table-indexes.md). EXPLAIN (ANALYZE, BUFFERS) on 100,000 x 300
// showed two costs:
// - totalSize, count(*) of the submissions with a matching answer: answers_item_number found the 50,000
//   answers in 11 ms but then read each one's row of the answers table for its submission id, 50,000
//   random pages of a 3 GB table (800 ms). The answer indexes now carry the submission and organization
//   ids, so the count is an index-only scan. A choice filter had no index at all (a scan of every answer,
//   5.7 s); its index has the choices in the key, which `&&`, `@>` and `<@` test on the index entry.
// - the page itself sorted every submission of the survey (submitted_at desc nulls last, id desc, the
//   data table's default order, which submissions_survey did not match), 64 ms with a sort on disk; the
//   index in that order gives the first page by walking it. Read backwards it is the exports' keyset
//   order (submitted_at, id ascending).
export const dataTableIndexes = /* sql */ `
    create index answers_item_number_of on answers (item_id, number_value) include (organization_id, submission_id) where number_value is not null;
    drop index answers_item_number;
    create index answers_item_choices_of on answers (item_id, choice_ids) include (organization_id, submission_id) where choice_ids is not null;
    create index submissions_survey_order on submissions (survey_id, submitted_at desc nulls last, id desc) where deleted_at is null;
    drop index submissions_survey;
`;

// What an XLSForm row may say that the items could not hold yet.
// - required as an expression (`${health} = 'dead'`): the question is required only while it holds.
//   Null keeps is_required the whole rule, as for every survey saved so far.
// - names unique per parent (group or repeat), not per survey, as XLSForm has them: the same name may
//   sit in two groups (the engine addresses them by their paths); twice in one group is still refused.
export const xlsformItems = /* sql */ `
    alter table survey_items add column required_expression text;

    drop index survey_items_live_name;
    create unique index survey_items_live_name on survey_items (survey_id, coalesce(parent_id, survey_id), name) where removed_at is null;
`;

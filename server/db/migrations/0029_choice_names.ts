// Choice names as XLSForm has them: pyxform accepts a name with a space in a select_one's list (only a
// select_multiple cannot use it, and the import refuses that case), and a list may hold the same name
// twice when the form's settings say allow_choice_duplicates. The first check and the unique key refused
// both, so such a published form imported in the engine and then failed to save.
export const choiceNames = /* sql */ `
    alter table choices drop constraint choices_name_check;
    alter table choices add constraint choices_name_check check (name ~ '^\\S(.*\\S)?$' and length(name) <= 200);
    alter table choices drop constraint choices_item_id_list_name_key;
`;

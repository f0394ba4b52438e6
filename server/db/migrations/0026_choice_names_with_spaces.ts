// A choice name may hold a space inside it ('Township 01'), as XLSForm allows for a select_one (pyxform
// warns; a select_multiple's choices are still refused by the import, its answer being names joined by
// spaces). Leading and trailing white space and an empty name stay refused.
export const choiceNamesWithSpaces = /* sql */ `
    alter table choices drop constraint choices_name_check;
    alter table choices add constraint choices_name_check check (name ~ '^\\S(.*\\S)?$' and length(name) <= 200);
`;

// What an imported XLSForm says that the list of languages and the survey row could not hold:
// - a language not on the product's list ('label::Local language', 'label::Kurmanji (kmr)') becomes a
//   language of the importing organization alone, by its name and the code the form gave ('' when none);
//   the product's list is the rows without an organization, still one row per code;
// - the XLSForm settings the survey keeps (version, instance_name, style, submission_url), exported back.
export const surveyOwnLanguages = /* sql */ `
    alter table languages add column organization_id uuid references organizations(id) on delete cascade;
    alter table languages drop constraint languages_code_key;
    create unique index languages_list_code on languages (code) where organization_id is null;
    create unique index languages_own on languages (organization_id, name, code) where organization_id is not null;
    alter table languages add constraint languages_own_text check (
      organization_id is null or (length(btrim(name)) between 1 and 200 and length(code) <= 20));
    -- The list's ids are seeded 1..n; an organization's own languages count from far above them.
    create sequence languages_own_id start with 1000000 owned by languages.id;
    alter table languages alter column id set default nextval('languages_own_id');

    -- { "version": "2024-03", "instanceName": "concat(\${name}, '-', today())", "style": "pages", "submissionUrl": "…" }
    alter table surveys add column settings jsonb not null default '{}' check (jsonb_typeof(settings) = 'object');
`;

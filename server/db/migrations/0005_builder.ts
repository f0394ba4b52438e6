// The builder: published versions of a survey, items that leave a survey which has been
// published, and the version each submission was validated against.
//
// A survey's version (surveys.version, bumped by triggers on every content change) is what the fill
// page was given. When the content of a survey that has been published is about to change, the model
// of its current version is kept in survey_versions first, so a respondent who filled an older version
// offline is validated against what they saw. Items removed from such a survey stay as rows with
// removed_at set: stored answers and older versions still point at them (answers' foreign key).
export const builder = /* sql */ `
    create table survey_versions (
      organization_id uuid not null,
      survey_id uuid not null,
      version integer not null check (version >= 1),
      -- The SurveyModel as GetById sends it (engine/survey/model.ts).
      model jsonb not null check (jsonb_typeof(model) = 'object'),
      created_at timestamptz not null default now(),
      primary key (survey_id, version),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );

    alter table survey_items add column removed_at timestamptz;
    -- A removed item keeps its name; a new item may take it.
    alter table survey_items drop constraint survey_items_survey_id_name_key;
    create unique index survey_items_live_name on survey_items (survey_id, name) where removed_at is null;

    -- Null for submissions stored before versions were recorded.
    alter table submissions add column survey_version integer check (survey_version >= 1);
`;

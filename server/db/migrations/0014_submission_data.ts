// Exports at their target speed (docs/decisions/0034-exports-from-a-compact-copy.md): answers are one row
// per question, so an export of 300 questions read 300 rows per submission. Each submission also gets a
// write-once compact copy, positional by a per-survey column number that never changes: exports read
// one short text per submission instead. SubmitSurvey writes it with the submission, a correction
// rewrites it; the answers table stays the truth that filters and the submission view read.

/**
 * The compact copy of every submission that has none, from its answers: what SubmitSurvey would have
 * written (tests/api/surveys.data-export-copy.test.ts holds the two to the same values).
 */
export const copyBackfill = /* sql */ `
    create function pg_temp.answer_json(a answers, sid uuid) returns text language sql as $$
      select case
        when a.text_value is not null then to_json(a.text_value)::text
        when a.number_value is not null then to_json(a.number_value)::text
        when a.bool_value is not null then a.bool_value::text
        when a.choice_ids is not null then '[' || coalesce((
          select string_agg(c.n::text, ',' order by u.o) from unnest(a.choice_ids) with ordinality u(id, o)
            join survey_data_columns c on c.survey_id = sid and c.key_id = u.id), '') || ']'
        else '{"d":' || a.detail::text || '}' end
    $$;
    insert into submission_data (submission_id, organization_id, top, repeats)
    select s.id, s.organization_id,
           coalesce((
             select '[' || string_agg(coalesce(v.j, 'null'), ',' order by g) || ']'
               from generate_series(1, (select max(c.n) from answers a join survey_data_columns c on c.survey_id = s.survey_id and c.key_id = a.item_id
                                         where a.submission_id = s.id and a.repeat_path = '')) g
               left join (select c.n, pg_temp.answer_json(a, s.survey_id) as j from answers a
                            join survey_data_columns c on c.survey_id = s.survey_id and c.key_id = a.item_id
                           where a.submission_id = s.id and a.repeat_path = '') v on v.n = g), '[]'),
           (select '[' || string_agg(c.n || ',' || to_json(a.repeat_path)::text || ',' || pg_temp.answer_json(a, s.survey_id), ',' order by a.repeat_path, c.n) || ']'
              from answers a join survey_data_columns c on c.survey_id = s.survey_id and c.key_id = a.item_id
             where a.submission_id = s.id and a.repeat_path <> '')
      from submissions s
     where not exists (select 1 from submission_data d where d.submission_id = s.id);
    drop function pg_temp.answer_json(answers, uuid);
`;

export const submissionData = /* sql */ `
    -- The column number of a question (its item id) or of a choice (its choice id) in a survey's compact
    -- copies. Assigned once, never changed or reused: a removed question keeps its number. No foreign
    -- key to the item: a number must outlive the item it named.
    create table survey_data_columns (
      organization_id uuid not null,
      survey_id uuid not null,
      key_id uuid not null,
      n integer not null check (n > 0),
      primary key (survey_id, key_id),
      unique (survey_id, n),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );

    -- top: a JSON array, element n-1 the answer of column n at the top level (null: unanswered);
    -- repeats: a flat JSON array [n, repeat path, value, ...] of the answers inside repeat groups, or null.
    -- A value is a number, a text, true/false, an array of choice column numbers, or {"d": detail} for
    -- coordinates, matrix, rankings and ratings. A row of a few kB stays inline and uncompressed
    -- (toast_tuple_target): reading it back costs no decompression.
    create table submission_data (
      submission_id uuid primary key,
      organization_id uuid not null,
      top text not null,
      repeats text,
      foreign key (organization_id, submission_id) references submissions(organization_id, id) on delete cascade
    ) with (toast_tuple_target = 8160);

    -- Every question and choice that exists, and every choice id an answer holds, numbered per survey.
    insert into survey_data_columns (organization_id, survey_id, key_id, n)
    select organization_id, survey_id, key_id, row_number() over (partition by survey_id order by kind, sort_order, key_id)
      from (
        select organization_id, survey_id, id as key_id, 0 as kind, sort_order from survey_items
        union all
        select organization_id, survey_id, id, 1, sort_order from choices
        union all
        select distinct s.organization_id, s.survey_id, u.id, 2, 0
          from answers a join submissions s on s.id = a.submission_id, unnest(a.choice_ids) u(id)
         where not exists (select 1 from choices c where c.id = u.id)
      ) k;

    ${copyBackfill}
`;

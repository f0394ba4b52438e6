// Surveys and what respondents send back (spec 001 sections 3 and 4): the survey with its public link,
// languages, the item tree (sections, repeat groups, questions), choices, per-language texts, and
// submissions with their answers and files. Every table carries organization_id and reaches its parent
// through a composite foreign key that includes it, so no row can point into another tenant.
// surveys.version goes up with every change of a survey's content (triggers below): compiled surveys
// are cached by (id, version) and can never be stale.
export const surveys = /* sql */ `
    create table surveys (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      name text not null check (length(btrim(name)) between 1 and 200),
      description text not null default '' check (length(description) <= 4000),
      status smallint not null default 0 check (status in (0, 1, 2)),
      end_date timestamptz,
      toggle_location boolean not null default false,
      default_language_id integer not null references languages(id),
      data_collection_type smallint not null default 1 check (data_collection_type in (0, 1)),
      collection_goal integer not null default 15 check (collection_goal >= 0),
      public_link_uuid uuid not null unique default gen_random_uuid(),
      -- The public link may be submitted any number of times ('multiple-link'); otherwise once.
      multiple_link boolean not null default true,
      version integer not null default 1 check (version >= 1),
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (organization_id, id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade
    );
    create index surveys_project on surveys (project_id, status) where deleted_at is null;

    create table survey_languages (
      organization_id uuid not null,
      survey_id uuid not null,
      language_id integer not null references languages(id),
      is_base boolean not null default false,
      translate_status smallint not null default 0 check (translate_status in (0, 1, 2)),
      primary key (survey_id, language_id),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create unique index survey_languages_one_base on survey_languages (survey_id) where is_base;

    -- Sections (question_type 0, repeat groups among them) and questions, as one tree.
    create table survey_items (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      survey_id uuid not null,
      parent_id uuid,
      question_type smallint not null
        check (question_type in (0, 32, 33, 34, 35, 36, 37, 38, 40, 100, 104, 105, 106, 110, 112, 113, 275, 276, 277, 278, 279)),
      name text not null check (name ~ '^[A-Za-z_][A-Za-z0-9_.-]*$' and length(name) <= 200),
      sort_order integer not null,
      is_required boolean not null default false,
      relevant text,
      constraint_expression text,
      calculation text,
      default_value text,
      choice_filter text,
      appearance text,
      parameters text,
      max_choices integer check (max_choices > 0),
      repeat_group boolean not null default false,
      repeat_count text,
      has_emoji boolean not null default false,
      check (not repeat_group or question_type = 0),
      check (repeat_count is null or repeat_group),
      check (max_choices is null or question_type = 33),
      unique (survey_id, name),
      unique (survey_id, id),
      unique (organization_id, id),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade,
      foreign key (survey_id, parent_id) references survey_items(survey_id, id) on delete cascade
    );
    create index survey_items_survey on survey_items (survey_id, sort_order);

    -- Labels, hints, constraint messages and range end labels; for a section: its name and description.
    create table item_texts (
      organization_id uuid not null,
      survey_id uuid not null,
      item_id uuid not null,
      kind text not null check (kind in ('label', 'hint', 'constraint', 'range_first', 'range_second')),
      language_id integer not null references languages(id),
      text text not null check (length(text) <= 30000),
      primary key (item_id, kind, language_id),
      foreign key (survey_id, item_id) references survey_items(survey_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index item_texts_survey on item_texts (survey_id);

    -- list 1: the choices (rows of a matrix or rating); list 2: second choices (its columns).
    create table choices (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      survey_id uuid not null,
      item_id uuid not null,
      list smallint not null default 1 check (list in (1, 2)),
      name text not null check (name ~ '^\\S+$' and length(name) <= 200),
      sort_order integer not null,
      emoji text,
      -- Further columns of the choice row, read by choice filters.
      filters jsonb not null default '{}' check (jsonb_typeof(filters) = 'object'),
      unique (item_id, list, name),
      unique (survey_id, id),
      foreign key (survey_id, item_id) references survey_items(survey_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index choices_survey on choices (survey_id);

    create table choice_texts (
      organization_id uuid not null,
      survey_id uuid not null,
      choice_id uuid not null,
      language_id integer not null references languages(id),
      text text not null check (length(text) <= 4000),
      primary key (choice_id, language_id),
      foreign key (survey_id, choice_id) references choices(survey_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index choice_texts_survey on choice_texts (survey_id);

    create function bump_survey_version() returns trigger language plpgsql as $$
    begin
      update surveys set version = version + 1, updated_at = now()
       where id = (case when tg_op = 'DELETE' then old.survey_id else new.survey_id end);
      return null;
    end $$;
    create trigger survey_items_version after insert or update or delete on survey_items for each row execute function bump_survey_version();
    create trigger item_texts_version after insert or update or delete on item_texts for each row execute function bump_survey_version();
    create trigger choices_version after insert or update or delete on choices for each row execute function bump_survey_version();
    create trigger choice_texts_version after insert or update or delete on choice_texts for each row execute function bump_survey_version();
    create trigger survey_languages_version after insert or update or delete on survey_languages for each row execute function bump_survey_version();

    create table submissions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      survey_id uuid not null,
      -- The client's id of the submission: a retry of the same submission is the same row.
      client_id uuid not null,
      content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
      data_collection_type smallint not null check (data_collection_type in (0, 1)),
      is_anonymous boolean not null default false,
      submitter_id uuid references users(id) on delete set null,
      task_id uuid,
      receiver_id uuid,
      link_uuid text check (link_uuid is null or link_uuid = 'multiple-link' or link_uuid ~ '^[0-9a-f-]{36}$'),
      single_use_link boolean not null default false,
      language_id integer references languages(id),
      started_at timestamptz,
      submitted_at timestamptz not null default now(),
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      deleted_at timestamptz,
      check ((latitude is null) = (longitude is null)),
      check (not single_use_link or link_uuid is not null),
      unique (organization_id, client_id),
      unique (organization_id, id),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index submissions_survey on submissions (survey_id, submitted_at desc) where deleted_at is null;
    -- A single-use link is used once, whatever the client ids of the attempts.
    create unique index submissions_link_once on submissions (survey_id, link_uuid) where single_use_link;

    -- One row per answered question and repeat instance ('' at the top, '2' or '2.1' inside repeats).
    -- Exactly one value column is set, by the question's type.
    create table answers (
      organization_id uuid not null,
      submission_id uuid not null,
      item_id uuid not null,
      question_type smallint not null,
      repeat_path text not null default '' check (repeat_path ~ '^([1-9][0-9]*(\\.[1-9][0-9]*)*)?$'),
      text_value text check (length(text_value) <= 30000),
      number_value numeric,
      bool_value boolean,
      choice_ids uuid[],
      detail jsonb,
      check (num_nonnulls(text_value, number_value, bool_value, choice_ids, detail) = 1),
      primary key (submission_id, item_id, repeat_path),
      foreign key (organization_id, submission_id) references submissions(organization_id, id) on delete cascade,
      -- An answered question cannot be deleted (the builder archives it instead); costs ~10% of insert speed.
      foreign key (organization_id, item_id) references survey_items(organization_id, id)
    );

    create table submission_files (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      submission_id uuid not null,
      item_id uuid not null,
      repeat_path text not null default '',
      storage_key text not null unique,
      file_name text not null check (length(file_name) between 1 and 255),
      content_type text not null,
      size_bytes integer not null check (size_bytes between 0 and 5000000),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      created_at timestamptz not null default now(),
      unique (submission_id, item_id, repeat_path),
      unique (organization_id, id),
      foreign key (organization_id, submission_id) references submissions(organization_id, id) on delete cascade,
      foreign key (organization_id, item_id) references survey_items(organization_id, id)
    );
`;

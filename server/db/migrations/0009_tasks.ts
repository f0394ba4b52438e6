// Tasks (spec 001 sections 3 "Task", 4 "Task status", 7 "Task" calls): a Deployed survey
// assigned to a data collector, with a deadline, a place, a round, a collection type and a note; the
// recurring assignments a scheduled job turns into rounds; location groups; and messaging tasks, a
// survey link sent to receivers who each get a link of their own (MessageReceiverId).
//
// Every row carries organization_id, and its references go through (organization_id, id), so a task
// can never point at another organization's survey, member or project, even by a buggy path.
export const tasks = /* sql */ `
    create table location_groups (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      workspace_id uuid not null,
      name text not null check (length(btrim(name)) between 1 and 200),
      country_id integer references countries(id),
      state text not null default '' check (length(state) <= 200),
      city text not null default '' check (length(city) <= 200),
      district text not null default '' check (length(district) <= 200),
      subdistrict text not null default '' check (length(subdistrict) <= 200),
      village_neighborhood text not null default '' check (length(village_neighborhood) <= 200),
      address_line1 text not null default '' check (length(address_line1) <= 200),
      location_type text not null default '' check (length(location_type) <= 100),
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, id),
      foreign key (organization_id, workspace_id) references workspaces(organization_id, id) on delete cascade
    );
    create index location_groups_workspace on location_groups (workspace_id, name) where deleted_at is null;

    -- A recurring assignment of one survey to one collector (recurrence codes 1..6 of spec 001 section 3;
    -- NoRecurrence 7 makes no series). The job adds round last_round + 1 when next_round_at has passed.
    create table task_series (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      survey_id uuid not null,
      collector_id uuid not null,
      recurrence smallint not null check (recurrence between 1 and 6),
      every_x_days smallint check (every_x_days between 1 and 365),
      weekday smallint check (weekday between 0 and 6),
      -- Each round's deadline, counted from the round's start (null: no deadline).
      round_hours integer check (round_hours between 1 and 9000),
      collection_type smallint not null check (collection_type in (0, 1)),
      location_id integer references countries(id),
      location_group_id uuid references location_groups(id) on delete set null,
      note text not null default '' check (length(note) <= 1000),
      starts_at timestamptz not null,
      until_at timestamptz,
      next_round_at timestamptz,
      -- The round the series began at (a manager may start at round 3); round numbers count from it.
      first_round integer not null default 1 check (first_round between 1 and 100000),
      last_round integer not null default 1 check (last_round between 1 and 100000),
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      check ((recurrence = 6) = (every_x_days is not null)),
      unique (organization_id, id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade,
      foreign key (organization_id, collector_id) references organization_members(organization_id, id) on delete cascade
    );
    create index task_series_due on task_series (next_round_at) where deleted_at is null and next_round_at is not null;

    create table tasks (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      survey_id uuid not null,
      collector_id uuid not null,
      series_id uuid references task_series(id) on delete set null,
      collection_round integer not null default 1 check (collection_round between 1 and 100000),
      collection_type smallint not null check (collection_type in (0, 1)),
      -- Assigned 0, Rejected 1, In Progress 2, Completed (server value Finished) 3.
      status smallint not null default 0 check (status between 0 and 3),
      end_date timestamptz,
      location_id integer references countries(id),
      location_group_id uuid references location_groups(id) on delete set null,
      note text not null default '' check (length(note) <= 1000),
      rejection_reason text check (length(btrim(rejection_reason)) between 1 and 1000),
      started_at timestamptz,
      completed_at timestamptz,
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      -- A rejection always has its reason, and only a rejection has one.
      check ((status = 1) = (rejection_reason is not null)),
      unique (organization_id, id),
      -- A series' round exists once, however often the job runs.
      unique (series_id, collection_round),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade,
      foreign key (organization_id, collector_id) references organization_members(organization_id, id) on delete cascade
    );
    create index tasks_project on tasks (project_id, created_at desc) where deleted_at is null;
    -- The status filter and tab of the task management page, the most used filter.
    create index tasks_project_status on tasks (project_id, status, created_at desc) where deleted_at is null;
    create index tasks_collector on tasks (collector_id, status, created_at desc) where deleted_at is null;
    create index tasks_survey on tasks (survey_id);
    create index tasks_binned on tasks (organization_id, deleted_at) where deleted_at is not null;

    -- A survey link sent by e-mail or WhatsApp (channel 0 WhatsApp, 1 Email) to receivers.
    create table messaging_tasks (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      survey_id uuid not null,
      channel smallint not null check (channel in (0, 1)),
      message text not null default '' check (length(message) <= 2000),
      language_code text not null default 'en' check (length(language_code) between 2 and 10),
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index messaging_tasks_project on messaging_tasks (project_id, created_at desc);

    -- One receiver, one link (?receiverId=): status Assigned 0 until their submission, then Finished 3.
    create table message_receivers (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      messaging_task_id uuid not null,
      name text not null default '' check (length(name) <= 200),
      address text not null check (length(address) between 3 and 254),
      status smallint not null default 0 check (status in (0, 3)),
      sent_at timestamptz,
      error text check (length(error) <= 1000),
      submitted_at timestamptz,
      unique (organization_id, id),
      foreign key (organization_id, messaging_task_id) references messaging_tasks(organization_id, id) on delete cascade
    );
    create index message_receivers_task on message_receivers (messaging_task_id);
`;

// Targets (schemas/targets.ts): one live target per survey, how many submissions by when, counting all
// submissions or the approved ones only, optionally split across location groups of the project's
// workspace. Soft-deleted into the recycle bin (Target 13). A survey without a row has its builder's
// collection goal as its target; nothing is stored for that.
//
// Numbered past the 20s so that areas written at the same time can take the numbers before it.
export const targets = /* sql */ `
    create table targets (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      survey_id uuid not null,
      total integer not null check (total between 1 and 10000000),
      start_date date,
      deadline date,
      approved_only boolean not null default false,
      -- The sample-size calculator's inputs when the figure came from it (schemas/targets.ts calculationSchema).
      calculation jsonb check (calculation is null or (jsonb_typeof(calculation) = 'object' and length(calculation::text) <= 2000)),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      check (deadline is null or start_date is null or deadline >= start_date),
      unique (organization_id, id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create unique index targets_survey_live on targets (survey_id) where deleted_at is null;
    create index targets_project on targets (project_id) where deleted_at is null;
    create index targets_binned on targets (organization_id, deleted_at) where deleted_at is not null;

    create table target_strata (
      organization_id uuid not null,
      target_id uuid not null,
      location_group_id uuid not null,
      target integer not null check (target between 0 and 10000000),
      population integer check (population between 1 and 1000000000),
      position smallint not null check (position between 0 and 499),
      primary key (target_id, location_group_id),
      foreign key (organization_id, target_id) references targets(organization_id, id) on delete cascade,
      foreign key (organization_id, location_group_id) references location_groups(organization_id, id) on delete cascade
    );
`;

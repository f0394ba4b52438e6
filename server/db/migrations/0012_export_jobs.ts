// Export jobs: a large export runs as a pg-boss job and writes a real file under the data
// directory; this table is what the caller follows (spec 001's async job states) and what lists earlier
// exports. The pg-boss job carries only the id. The caller's roles are kept as they were when asked, so
// the job reads exactly what the caller could read then (a DataCollector's export holds their rows).
export const exportJobs = /* sql */ `
    create table export_jobs (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      survey_id uuid not null,
      requested_by uuid not null references users(id) on delete cascade,
      member_id uuid not null,
      roles text[] not null check (cardinality(roles) between 1 and 20),
      format text not null check (format in ('csv', 'xlsx', 'zip')),
      -- The export's options and the table's filters, as the query named them.
      query jsonb not null check (jsonb_typeof(query) = 'object'),
      state text not null default 'Scheduled' check (state in ('Scheduled', 'Processing', 'Succeeded', 'Failed')),
      progress smallint not null default 0 check (progress between 0 and 100),
      total_rows integer check (total_rows >= 0),
      file_name text check (length(file_name) between 1 and 300),
      -- Relative to the data directory; set once the file is complete.
      file_path text check (file_path ~ '^exports/[0-9a-f-]{36}\\.(csv|xlsx|zip)$'),
      size_bytes bigint check (size_bytes >= 0),
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      -- EXPORT_RETENTION_DAYS after the job was asked for, and again after it succeeded.
      expires_at timestamptz not null,
      check ((state = 'Succeeded') = (file_path is not null)),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index export_jobs_requester on export_jobs (organization_id, requested_by, survey_id, created_at desc);
    create index export_jobs_expiry on export_jobs (expires_at);
`;

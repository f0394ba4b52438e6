// App users (schemas/appUsers.ts): a named device credential of one project, as ODK Central has them,
// for ODK Collect and KoboCollect speaking OpenRosa (server/routes/openrosa.ts). Only the token's
// SHA-256 is kept: the token is a long random string, shown once. Optionally tied to a data collector,
// whose tasks its submissions then count for. Revoked, never deleted: the list shows who had access.
export const appUsers = /* sql */ `
    create table app_users (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      name text not null check (length(name) between 1 and 100),
      collector_id uuid,
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      unique (organization_id, id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, collector_id) references organization_members(organization_id, id) on delete cascade
    );
    create index app_users_project on app_users (organization_id, project_id, created_at desc);
`;

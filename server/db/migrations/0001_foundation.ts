// Accounts, organizations, subscriptions, sessions, codes, mail and rate limits; the first pieces of
// workspaces and projects so the demo organization has somewhere to put surveys. Validity lives in the
// database too: NOT NULL, CHECK, UNIQUE and foreign keys.
export const foundation = /* sql */ `
    create table organization_types (
      id integer primary key,
      name text not null unique
    );
    create table countries (
      id integer primary key,
      name text not null,
      code text not null unique check (code ~ '^[A-Z]{2}$')
    );
    create table languages (
      id integer primary key,
      name text not null,
      code text not null unique
    );
    create table plans (
      id integer primary key,
      name text not null unique,
      description text not null default '',
      monthly_price numeric(10,2) not null check (monthly_price >= 0),
      annual_price numeric(10,2) not null check (annual_price >= 0),
      workspace_limit integer not null check (workspace_limit >= 0),
      members_limit integer not null check (members_limit >= 0),
      database_limit integer not null check (database_limit >= 0),
      projects_limit integer not null default 0 check (projects_limit >= 0),
      sort_order integer not null default 0
    );

    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      full_name text not null check (length(full_name) between 1 and 200),
      phone_number text,
      password_hash text not null,
      email_confirmed_at timestamptz,
      country_id integer references countries(id),
      gender smallint check (gender in (0, 1, 2)),
      profile_picture_key text,
      created_at timestamptz not null default now()
    );
    create unique index users_email_key on users (lower(email));

    create table organizations (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 200),
      type_id integer references organization_types(id),
      country_id integer references countries(id),
      zip_code text,
      registration_done boolean not null default false,
      deactivated_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now()
    );

    -- One role per user per organization (spec 001 "Help rule").
    create table organization_members (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      role_id smallint not null check (role_id between 1 and 9),
      role_within_organization text,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, user_id),
      unique (organization_id, id)
    );
    create index organization_members_user on organization_members (user_id);

    create table subscriptions (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      plan_id integer not null references plans(id),
      status text not null check (status in ('trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'canceled')),
      is_monthly boolean not null default false,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      cancel_at timestamptz,
      payment_method_id text,
      card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
      provider_subscription_id text unique,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at)
    );
    -- The newest subscription row of an organization is its subscription.
    create index subscriptions_org on subscriptions (organization_id, created_at desc);

    create table refresh_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      family_id uuid not null,
      token_hash text not null unique,
      remember boolean not null default false,
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index refresh_tokens_family on refresh_tokens (family_id);

    create table verification_codes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('confirm-email', 'reset-password', 'update-email', 'change-password')),
      code_hash text not null,
      payload text,
      attempts integer not null default 0 check (attempts >= 0),
      expires_at timestamptz not null,
      verified_at timestamptz,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index verification_codes_user on verification_codes (user_id, purpose, created_at desc);

    create table rate_limits (
      key text not null,
      window_start timestamptz not null,
      hits integer not null default 0,
      primary key (key, window_start)
    );

    create table bot_check_used (
      signature text primary key,
      expires_at timestamptz not null
    );

    create table mail_outbox (
      id uuid primary key default gen_random_uuid(),
      to_address text not null,
      subject text not null,
      body_text text not null,
      body_html text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      error text
    );

    create table workspaces (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      name text not null check (length(btrim(name)) between 1 and 200),
      description text not null default '',
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, id)
    );
    create index workspaces_org on workspaces (organization_id) where deleted_at is null;

    create table workspace_members (
      organization_id uuid not null,
      workspace_id uuid not null,
      member_id uuid not null,
      deleted_at timestamptz,
      primary key (workspace_id, member_id),
      foreign key (organization_id, workspace_id) references workspaces(organization_id, id) on delete cascade,
      foreign key (organization_id, member_id) references organization_members(organization_id, id) on delete cascade
    );

    create table project_types (
      id integer primary key,
      name text not null unique,
      enabled boolean not null default true
    );

    create table projects (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      workspace_id uuid not null,
      type_id integer not null references project_types(id),
      name text not null check (length(btrim(name)) between 1 and 200),
      description text not null default '',
      manager_id uuid,
      start_date date not null,
      end_date date not null check (end_date >= start_date),
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, id),
      foreign key (organization_id, workspace_id) references workspaces(organization_id, id) on delete cascade,
      foreign key (organization_id, manager_id) references organization_members(organization_id, id)
    );
    create index projects_workspace on projects (workspace_id) where deleted_at is null;

    create table project_countries (
      organization_id uuid not null,
      project_id uuid not null,
      country_id integer not null references countries(id),
      primary key (project_id, country_id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade
    );

    create table project_members (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      member_id uuid not null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (project_id, member_id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, member_id) references organization_members(organization_id, id) on delete cascade
    );
`;

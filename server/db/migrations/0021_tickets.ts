// Support tickets and account closures: a ticket of an organization, its thread of messages (the submitter's first
// message, then replies) and the files attached to a message. Everything carries organization_id so each
// query is scoped to the caller's organization like every other table.
export const tickets = /* sql */ `
  create table tickets (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    submitted_by uuid not null references users(id) on delete cascade,
    type_id integer not null check (type_id between 1 and 5),
    subject text not null,
    status text not null default 'open' check (status in ('open', 'answered', 'closed')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create index tickets_org_created on tickets (organization_id, created_at desc);

  create table ticket_messages (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    ticket_id uuid not null references tickets(id) on delete cascade,
    author_id uuid not null references users(id) on delete cascade,
    from_support boolean not null default false,
    body text not null,
    created_at timestamptz not null default now()
  );
  create index ticket_messages_ticket on ticket_messages (ticket_id, created_at);

  create table ticket_attachments (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null references organizations(id) on delete cascade,
    ticket_id uuid not null references tickets(id) on delete cascade,
    message_id uuid not null references ticket_messages(id) on delete cascade,
    file_key text not null,
    file_name text not null,
    content_type text not null,
    size integer not null check (size >= 0),
    position integer not null default 0,
    created_at timestamptz not null default now()
  );
  create index ticket_attachments_ticket on ticket_attachments (ticket_id);

  -- Why an account or an organization was deleted or deactivated (the 'Delete or deactivate account'
  -- dialog): kept for the provider, without a reference that would stop the organization's purge.
  create table account_closures (
    id uuid primary key default gen_random_uuid(),
    organization_id uuid not null,
    user_id uuid not null,
    whole_organization boolean not null,
    option smallint not null check (option in (1, 2)),
    reason smallint not null check (reason between 1 and 4),
    custom_reason text,
    feedback text not null,
    created_at timestamptz not null default now()
  );
`;

// Webhooks (schemas/webhooks.ts, docs/webhooks.md): an HTTPS endpoint of an organization's own systems
// that is told of a survey's (or a whole project's) events, signed as Standard Webhooks says.
//
// A delivery row is written in the same statement or transaction as the event itself, so that a
// submission that is stored is always announced and one that is rolled back never is; pg-boss jobs
// then carry each delivery out (server/services/webhookDelivery.ts). The payload is frozen at the first
// attempt, so every retry and redelivery sends the same bytes under the same webhook-id. Each attempt
// is kept for the delivery log. The secret signs requests, so it is kept as it was given (shown once).
export const webhooks = /* sql */ `
    create table webhooks (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      project_id uuid,
      survey_id uuid,
      url text not null check (length(url) between 8 and 2000),
      events text[] not null check (cardinality(events) between 1 and 10),
      secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/=]{32,100}$'),
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      -- Failed deliveries in a row (a success resets it); at the limit the hook is disabled.
      failures integer not null default 0,
      disabled_at timestamptz,
      disabled_reason text,
      unique (organization_id, id),
      check ((project_id is null) <> (survey_id is null)),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index webhooks_organization on webhooks (organization_id) where disabled_at is null;

    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      webhook_id uuid not null,
      event text not null,
      survey_id uuid not null,
      submission_id uuid,
      -- What the event adds to the subject's current state (a review's status as it was set).
      detail jsonb,
      payload text,
      -- pending: to be attempted (at next_attempt_at); delivered; failed (retries exhausted, or the hook went).
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      -- Attempts since it was last made pending (its first sending or a redelivery): where the retry schedule stands.
      tries integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      -- An attempt in flight holds the delivery until then, so two workers never send it at once.
      claimed_until timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, id),
      foreign key (organization_id, webhook_id) references webhooks(organization_id, id) on delete cascade
    );
    create index webhook_deliveries_log on webhook_deliveries (webhook_id, created_at desc);
    create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';

    create table webhook_attempts (
      id bigint generated always as identity primary key,
      organization_id uuid not null,
      delivery_id uuid not null,
      attempted_at timestamptz not null default now(),
      -- The receiver's HTTP status; null when none came (refused address, timeout, connection error).
      status_code integer,
      duration_ms integer not null,
      error text,
      response_excerpt text,
      foreign key (organization_id, delivery_id) references webhook_deliveries(organization_id, id) on delete cascade
    );
    create index webhook_attempts_delivery on webhook_attempts (delivery_id, attempted_at);
`;

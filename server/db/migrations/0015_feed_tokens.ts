// Data feed tokens: a per-user, per-survey token that lets Excel, Power BI or R read a
// survey's submissions as CSV or JSON (services/dataFeed.ts). Only the token's SHA-256 is kept; the
// token itself is shown once when created. A revoked token stays listed with its revocation time.
export const feedTokens = /* sql */ `
    create table feed_tokens (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      survey_id uuid not null,
      user_id uuid not null references users(id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
      -- The token's first characters, so its owner can tell tokens apart.
      token_prefix text not null check (length(token_prefix) between 1 and 16),
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
    create index feed_tokens_owner on feed_tokens (organization_id, user_id, survey_id, created_at desc);
`;

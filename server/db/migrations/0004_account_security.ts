// Account security: sessions that end at logout, sign-in throttled per (account, address)
// pair, and memberships that remember who ended them.
export const accountSecurity = /* sql */ `
    -- A session (refresh-token family) ended by logout, a reset or a detected token theft. Access tokens
    -- naming it are refused until they would have expired anyway; then the row can go.
    create table revoked_sessions (
      family_id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      expires_at timestamptz not null
    );
    create index revoked_sessions_expires on revoked_sessions (expires_at);

    -- Failed sign-ins of one address on one account. Only this pair is slowed down, so a stranger's
    -- guesses never keep the owner out from their own address.
    create table login_throttle (
      account text not null,
      address text not null,
      failures integer not null check (failures > 0),
      last_failure_at timestamptz not null,
      next_allowed_at timestamptz not null,
      primary key (account, address)
    );
    create index login_throttle_last_failure on login_throttle (last_failure_at);

    -- Only a member who deactivated themself may reactivate; one an admin removed stays removed.
    alter table organization_members add column deactivated_by_self boolean not null default false;
`;

// Member management: what the member forms record about a member of an organization
// (gender, location, the languages they work in), and the invitations that let a newly added member
// set their first password.
//
// Gender and location are per membership, not per user: one person may work for two organizations in
// two places, and an organization must not change what another one recorded. The location is a country
// (the spec's location codes are not shown; countries are the list the product already serves).
export const members = /* sql */ `
    alter table organization_members
      add column gender smallint check (gender in (0, 1, 2)),
      add column location_id integer references countries(id);

    create table member_languages (
      organization_id uuid not null,
      member_id uuid not null,
      language_id integer not null references languages(id),
      primary key (member_id, language_id),
      foreign key (organization_id, member_id) references organization_members(organization_id, id) on delete cascade
    );
    create index member_languages_language on member_languages (organization_id, language_id);
    create index organization_members_filters on organization_members (organization_id, role_id, location_id, gender);
    create index project_members_project on project_members (project_id, deleted_at);

    -- A link to set a first password, e-mailed when a member is added. Only the token's hash is kept;
    -- it works once (used_at) and until expires_at.
    create table member_invitations (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      organization_id uuid not null references organizations(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index member_invitations_user on member_invitations (user_id);
`;

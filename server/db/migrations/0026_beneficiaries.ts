// Respondents (the spec's beneficiaries): lists of a project (ImportedBeneficiaryTable 14), the people on
// them (Beneficiary 10) with the standard fields as columns and the list's own columns as one JSON
// object, the history of every change to a person's fields, and the audit log of who saw or exported
// contact fields. Every row carries organization_id and references go through (organization_id, id), so
// a respondent can never point at another organization's project, list or location group.
export const beneficiaries = /* sql */ `
    create table beneficiary_tables (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      project_id uuid not null,
      name text not null check (length(btrim(name)) between 1 and 200),
      -- What identifies a person on this list: an ID number or the phone number.
      key_field text not null check (key_field in ('idNumber', 'phone')),
      -- The list's own columns: [{ key, label, type: text|number|date|choice, choices? }].
      columns jsonb not null default '[]' check (jsonb_typeof(columns) = 'array' and jsonb_array_length(columns) <= 50),
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, id),
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade
    );
    create index beneficiary_tables_project on beneficiary_tables (project_id, created_at desc) where deleted_at is null;
    create index beneficiary_tables_binned on beneficiary_tables (deleted_at) where deleted_at is not null;

    create table beneficiaries (
      id uuid primary key default gen_random_uuid(),
      -- The order people were added in: rows of one import share their created_at.
      seq bigint generated always as identity,
      organization_id uuid not null,
      project_id uuid not null,
      table_id uuid not null,
      -- The key as compared for duplicates: the ID number trimmed and lower-cased, or the phone in E.164.
      key_value text check (length(key_value) <= 200),
      id_number text check (length(id_number) <= 200),
      full_name text check (length(full_name) <= 200),
      gender smallint check (gender in (0, 1, 2)),
      date_of_birth date,
      age smallint check (age between 0 and 150),
      phone text check (length(phone) <= 32),
      email text check (length(email) <= 254),
      -- The messaging channels: WhatsApp 0, Email 1.
      preferred_channel smallint check (preferred_channel in (0, 1)),
      language_id integer references languages(id),
      location_group_id uuid references location_groups(id) on delete set null,
      country_id integer references countries(id),
      state text not null default '' check (length(state) <= 200),
      city text not null default '' check (length(city) <= 200),
      district text not null default '' check (length(district) <= 200),
      intervention text not null default '' check (length(intervention) <= 200),
      type text not null default '' check (length(type) <= 200),
      custom jsonb not null default '{}' check (jsonb_typeof(custom) = 'object'),
      -- Erased: the personal fields are gone for good; the row stays so that counts stay true.
      erased_at timestamptz,
      created_by uuid references users(id) on delete set null,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (erased_at is null or (full_name is null and phone is null and email is null and id_number is null and key_value is null)),
      unique (organization_id, id),
      foreign key (organization_id, table_id) references beneficiary_tables(organization_id, id) on delete cascade,
      foreign key (organization_id, project_id) references projects(organization_id, id) on delete cascade
    );
    -- A list's page in its order, and each of the spec's filters on it.
    create index beneficiaries_table on beneficiaries (table_id, seq) where deleted_at is null;
    create index beneficiaries_table_key on beneficiaries (table_id, key_value) where deleted_at is null;
    create index beneficiaries_table_district on beneficiaries (table_id, district) where deleted_at is null;
    create index beneficiaries_table_intervention on beneficiaries (table_id, intervention) where deleted_at is null;
    create index beneficiaries_table_type on beneficiaries (table_id, type) where deleted_at is null;
    create index beneficiaries_table_gender on beneficiaries (table_id, gender) where deleted_at is null;
    create index beneficiaries_table_group on beneficiaries (table_id, location_group_id) where deleted_at is null;
    create index beneficiaries_binned on beneficiaries (deleted_at) where deleted_at is not null;

    -- Every change to a person's fields: who, when, and each field's value before and after.
    create table beneficiary_changes (
      id bigint generated always as identity primary key,
      organization_id uuid not null,
      beneficiary_id uuid not null,
      user_id uuid references users(id) on delete set null,
      -- The name at the time: the history stays readable after the account goes.
      user_name text not null default '' check (length(user_name) <= 200),
      at timestamptz not null default now(),
      action text not null check (action in ('created', 'imported', 'edited', 'erased')),
      -- [{ field, from, to }]; emptied when the person is erased.
      changes jsonb not null default '[]' check (jsonb_typeof(changes) = 'array'),
      foreign key (organization_id, beneficiary_id) references beneficiaries(organization_id, id) on delete cascade
    );
    create index beneficiary_changes_person on beneficiary_changes (beneficiary_id, at);

    -- Who saw or exported contact fields (phone, e-mail), and who erased a person. Kept without references
    -- that a purge would take with it: the log outlives the list.
    create table beneficiary_audit (
      id bigint generated always as identity primary key,
      organization_id uuid not null references organizations(id) on delete cascade,
      project_id uuid not null,
      table_id uuid not null,
      beneficiary_id uuid,
      user_id uuid not null,
      user_name text not null default '' check (length(user_name) <= 200),
      action text not null check (action in ('viewContacts', 'exportContacts', 'erase')),
      -- How many people the view or export showed.
      people integer not null default 1 check (people >= 0),
      at timestamptz not null default now()
    );
    create index beneficiary_audit_org on beneficiary_audit (organization_id, at desc);

    -- A submission made for one respondent (a follow-up visit, a personal link).
    alter table submissions add column beneficiary_id uuid;
    alter table submissions add constraint submissions_beneficiary_fkey foreign key (organization_id, beneficiary_id)
      references beneficiaries(organization_id, id) on delete set null (beneficiary_id);
    create index submissions_beneficiary on submissions (beneficiary_id) where beneficiary_id is not null;
`;

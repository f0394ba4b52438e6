// Media that survey authors attach: label and choice images, audio, video and the
// CSV files that pulldata() reads. One row per file name of a survey; the bytes are in storage under a
// key the server generated. The type is the one the bytes showed, never the uploader's claim.
export const surveyMedia = /* sql */ `
    create table survey_media (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null,
      survey_id uuid not null,
      file_name text not null check (length(file_name) between 1 and 100 and file_name !~ '[/\\\\[:cntrl:]]'),
      kind text not null check (kind in ('image', 'audio', 'video', 'csv')),
      content_type text not null check (content_type ~ '^(image|audio|video|text)/[a-z0-9.+-]+$'),
      size_bytes integer not null check (size_bytes between 1 and 20000000),
      storage_key text not null unique,
      created_at timestamptz not null default now(),
      unique (survey_id, file_name),
      foreign key (organization_id, survey_id) references surveys(organization_id, id) on delete cascade
    );
`;

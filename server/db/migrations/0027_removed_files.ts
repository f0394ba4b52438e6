// Stored files whose row went: a submission's files when a survey, project or workspace is purged (by
// cascade, which no service sees), replaced survey media and profile pictures, deleted tickets. A
// trigger notes each key in the same transaction as the delete, so a rollback forgets it again; the
// daily purge removes the files from storage (disk or bucket) and then the notes.
export const removedFiles = /* sql */ `
    create table removed_files (
      storage_key text primary key,
      removed_at timestamptz not null default now()
    );

    -- tg_argv[0] names the row's key column; an update notes the key it replaced.
    create function note_removed_file() returns trigger language plpgsql as $$
    declare
      old_key text := to_jsonb(old) ->> tg_argv[0];
    begin
      if old_key is not null and (tg_op = 'DELETE' or old_key is distinct from to_jsonb(new) ->> tg_argv[0]) then
        insert into removed_files (storage_key) values (old_key) on conflict do nothing;
      end if;
      return null;
    end $$;

    create trigger submission_files_removed after delete on submission_files
      for each row execute function note_removed_file('storage_key');
    create trigger survey_media_removed after delete or update of storage_key on survey_media
      for each row execute function note_removed_file('storage_key');
    create trigger ticket_attachments_removed after delete on ticket_attachments
      for each row execute function note_removed_file('file_key');
    create trigger users_picture_removed after delete or update of profile_picture_key on users
      for each row execute function note_removed_file('profile_picture_key');
`;

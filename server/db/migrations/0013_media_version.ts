// A survey's media are part of what its fill page and its re-validation read (pulldata() files, label
// images): a change of them raises the survey's version like any content change, so every cache of the
// compiled survey (servers, fill pages kept offline) takes the new files.
export const mediaVersion = /* sql */ `
    create trigger survey_media_version after insert or update or delete on survey_media for each row execute function bump_survey_version();
`;

// The XLSForm round trip: what a workbook row can say that the model did not hold yet.
// Required messages, guidance hints and the media columns (one file name per language) are item texts
// of new kinds; read-only is a flag; the columns we do not model are kept by header so an imported form
// exports back with nothing lost; choices gain their media columns.
export const xlsform = /* sql */ `
    alter table item_texts drop constraint item_texts_kind_check;
    alter table item_texts add constraint item_texts_kind_check check (kind in (
      'label', 'hint', 'constraint', 'range_first', 'range_second',
      'required', 'guidance', 'media_image', 'media_big-image', 'media_audio', 'media_video'));

    alter table survey_items add column read_only boolean not null default false;
    alter table survey_items add column extra_columns jsonb not null default '{}' check (jsonb_typeof(extra_columns) = 'object');

    -- [{ "kind": "image", "languageId": 1, "text": "cat.png" }, ...]
    alter table choices add column media jsonb not null default '[]' check (jsonb_typeof(media) = 'array');
`;

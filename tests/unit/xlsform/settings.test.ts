// The settings sheet: version, instance_name, style and submission_url kept and written back, so ODK
// reads our export as it read the original; an encrypted form (public_key) refused, since submissions
// here would be stored unencrypted.
import { describe, expect, it } from 'vitest';
import { workbookOf } from '../../../server/services/surveyExport';
import { importBytes } from './helpers';
import { workbook, xformsOf } from './itext';

const SURVEY = [
  ['type', 'name', 'label'],
  ['text', 'household', 'Household name'],
  ['text', 'village', 'Village'],
];

describe('the settings of an XLSForm', () => {
  it('keeps version, instance_name, style and submission_url, and exports them as they came', async () => {
    const settings = [
      ['form_title', 'form_id', 'version', 'instance_name', 'style', 'submission_url'],
      [
        'Households',
        'households',
        '2024-05-01',
        "concat(${household}, ' - ', ${village})",
        'pages',
        'https://central.example.org/submission',
      ],
    ];
    const bytes = await workbook({ survey: SURVEY, settings });
    const r = await importBytes(bytes);
    expect(r.model!.settings).toEqual({
      version: '2024-05-01',
      instanceName: "concat(${household}, ' - ', ${village})",
      style: 'pages',
      submissionUrl: 'https://central.example.org/submission',
    });
    // Said, not dropped: submissions come here whatever the form says.
    expect(r.report.map((e) => [e.level, e.sheet, e.row, e.column, e.code])).toEqual([
      ['warning', 'settings', 2, 'submission_url', 'submissionUrl'],
    ]);

    const exported = await workbookOf(r.model!);
    const back = await importBytes(exported);
    expect(back.model!.settings).toEqual(r.model!.settings);

    const xforms = xformsOf([
      { name: 'original.xlsx', bytes },
      { name: 'exported.xlsx', bytes: exported },
    ]);
    if (!xforms) return;
    const instanceName = (x: string) => /meta\/instanceName"[^>]* calculate="([^"]*)"/.exec(x)?.[1];
    for (const x of xforms) {
      expect(x).toMatch(/ version="2024-05-01"/);
      expect(x).toContain('<h:body class="pages">');
      expect(x).toContain('action="https://central.example.org/submission"');
      expect(instanceName(x)).toMatch(/^concat\( \/\w+\/household , ' - ', +\/\w+\/village \)$/);
    }
    expect(instanceName(xforms[1]!)).toBe(instanceName(xforms[0]!));
  });

  it('refuses an encrypted form (public_key), naming the setting, rather than keep its submissions unencrypted', async () => {
    const r = await importBytes(
      await workbook({
        survey: SURVEY,
        settings: [
          ['form_title', 'public_key'],
          ['Encrypted', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'],
        ],
      }),
    );
    expect(r.model).toBeNull();
    expect(r.report.map((e) => [e.level, e.sheet, e.row, e.column, e.code])).toEqual([
      ['error', 'settings', 2, 'public_key', 'encryptedForm'],
    ]);
    expect(r.report[0]!.message).toContain('would not be encrypted');
  });

  it('refuses a kept setting longer than a survey holds, naming it', async () => {
    const r = await importBytes(await workbook({ survey: SURVEY, settings: [['version'], ['1'.repeat(2001)]] }));
    expect(r.model).toBeNull();
    expect(r.report.map((e) => [e.column, e.code, e.params])).toEqual([['version', 'settingTooLong', { setting: 'version', max: 2000 }]]);
  });

  it('still says which settings are not kept', async () => {
    const r = await importBytes(await workbook({ survey: SURVEY, settings: [['auto_send'], ['true']] }));
    expect(r.model!.settings).toBeUndefined();
    expect(r.report.map((e) => [e.column, e.code])).toEqual([['auto_send', 'settingDropped']]);
  });
});

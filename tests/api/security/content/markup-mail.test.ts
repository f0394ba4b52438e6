// Names in e-mails: the names authors choose (an organization's, a person's) reach e-mails.
// In the HTML body they are text (escaped); in headers a CR or LF is refused, so no name can add a
// header or a recipient. Sent through a real SMTP server (smtp-server), read back raw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleByName } from '../../../../schemas/roles';
import type { TestApp } from '../../../support/app';
import { demo, personas } from '../../../support/personas';
import { startAppWithSmtp, stopAppWithSmtp } from '../../../support/mailApp';
import type { SmtpPeer } from '../../../support/smtp';

let smtp: SmtpPeer;
let t: TestApp;
const as = personas(() => t);
beforeAll(async () => ({ t, smtp } = await startAppWithSmtp()));
afterAll(() => stopAppWithSmtp(t, smtp));

const HTML_NAME = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "Aid"';
const INJECTED = 'Relief\r\nBcc: victim@evil.test\r\nX-Injected: yes';
const PASSWORD = 'Field-Work-2026!';
const registration = (email: string, extra: Record<string, string>) => ({
  adminFullName: 'Nadia Haddad',
  phoneNumber: '+1 202 555 0147',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  organizationName: 'Relief Without Borders',
  typeId: 2,
  countryId: 1,
  ...extra,
});

async function addMember(email: string) {
  const english = (await t.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow()).id;
  const kenya = (await t.db.selectFrom('countries').select('id').where('code', '=', 'KE').executeTakeFirstOrThrow()).id;
  return t.call('POST', '/api/Members/add', {
    session: await as(demo.owner),
    body: {
      fullName: HTML_NAME,
      email,
      roleId: roleByName('DataCollector')!.id,
      languages: [english],
      locationId: kenya,
      gender: 1,
      projectId: t.ids.projects['Household Needs Assessment 2026']!,
    },
  });
}
const setOrganizationName = (name: string) =>
  t.db.updateTable('organizations').set({ name }).where('id', '=', t.ids.organizations.relief!).execute();
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
async function arrived(address: string) {
  for (let i = 0; i < 100 && mailsTo(address).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  return mailsTo(address);
}

describe('names in e-mails', () => {
  it('an invitation from an organization named with markup carries the name as text in its HTML body', async () => {
    await setOrganizationName(HTML_NAME);
    expect((await addMember('markup.invitee@demo.test')).status).toBe(200);
    const [mail] = await arrived('markup.invitee@demo.test');
    expect(mail).toBeDefined();
    const html = mail!.raw.slice(mail!.raw.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt; &amp; &quot;Aid&quot;');
    expect(html).not.toMatch(/<img|<script/i);
  });

  it('registration refuses an organization or a person named with a CR or LF', async () => {
    for (const extra of [{ organizationName: INJECTED }, { adminFullName: 'Nadia\nBcc: victim@evil.test' }]) {
      const r = await t.call('POST', '/api/Account/register', { body: registration(`crlf.${Object.keys(extra)[0]}@relief.test`, extra) });
      expect(r.status).toBe(400);
      expect(r.body.errors?.join(' ')).toMatch(new RegExp(`'${Object.keys(extra)[0]}'`));
    }
    expect(mailsTo('victim@evil.test')).toEqual([]);
  });

  it('workspaces and projects named with a CR or LF are refused', async () => {
    const s = await as(demo.owner);
    const ws = await t.call('POST', '/api/Workspaces/add', {
      session: s,
      body: { name: 'East\r\nBcc: victim@evil.test', description: '' },
    });
    expect(ws.status).toBe(400);
    expect(ws.body.errors?.join(' ')).toMatch(/name/);
    const p = await t.call('POST', '/api/Projects/add', {
      session: s,
      body: { name: 'Water\nBcc: victim@evil.test', workspaceId: t.ids.workspaces['East Africa Emergency Response']!, typeId: 1 },
    });
    expect(p.status).toBe(400);
    expect(p.body.errors?.join(' ')).toMatch(/name/);
  });

  it('a name with CR and LF stored before the rule adds no header and no recipient: the mail is refused', async () => {
    await setOrganizationName(INJECTED);
    expect((await addMember('crlf.invitee@demo.test')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('victim@evil.test')).toEqual([]);
    expect(smtp.mails.some((m) => /^X-Injected:/im.test(m.raw))).toBe(false);
    expect(mailsTo('crlf.invitee@demo.test')).toEqual([]);
    const kept = await t.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'error'])
      .where('to_address', '=', 'crlf.invitee@demo.test')
      .executeTakeFirstOrThrow();
    expect(kept.error).toMatch(/^refused: a control character/);
  });
});

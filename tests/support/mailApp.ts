// A test app whose mailer sends to a real SMTP peer, for the suites that read what the product e-mails
// (codes, ticket answers, task links). Start it in `beforeAll`, stop it in `afterAll`:
//   beforeAll(async () => ({ t, smtp } = await startAppWithSmtp()));
//   afterAll(() => stopAppWithSmtp(t, smtp));
import { createTestApp, type TestApp } from './app';
import { startSmtpPeer, type SmtpPeer } from './smtp';

export async function startAppWithSmtp(
  opts: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'smtpUrl'> = {},
): Promise<{ t: TestApp; smtp: SmtpPeer }> {
  const smtp = await startSmtpPeer();
  return { t: await createTestApp({ ...opts, smtpUrl: smtp.url }), smtp };
}

/** Closes what started; either may be missing when `beforeAll` failed half-way. */
export async function stopAppWithSmtp(t: TestApp | undefined, smtp: SmtpPeer | undefined): Promise<void> {
  await t?.close();
  await smtp?.close();
}

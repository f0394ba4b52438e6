// A server of the offline tests' own, so a test can stop it and start it again on the same data (the
// shared one of global-setup.ts must stay up for the other files). Started the way global-setup does:
// the compiled server (build/start.mjs) in its own process, a temporary DATA_DIR, the built front end. The bot check is off so
// the test can sign in through the API to count stored submissions.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD } from '../../fixtures/index';
import { freePort } from '../support/ports';

const root = resolve(import.meta.dirname, '../..');

export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'fieldsurvey-offline-'));
  port = 0;
  output = '';
  private child: ChildProcess | undefined;

  /** env: settings of this test's own over the defaults below (the field loop's SMTP server); a restart reads them again. */
  constructor(readonly env: Record<string, string> = {}) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port ||= await freePort();
    const child = spawn(process.execPath, [join(root, 'build/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        RESPONSE_CHECK: 'on',
        BOT_CHECK: 'off',
        NODE_ENV: 'production',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${this.output}`);
      // Up once it answers and has printed its welcome (the demo survey's link is in it).
      if (/is running at/.test(this.output) && (await this.answers())) return;
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`the server did not start:\n${this.output}`);
  }

  async answers(): Promise<boolean> {
    try {
      return (await fetch(`${this.url}/api/DataCollection/CheckOnlineStatus`)).ok;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    this.child = undefined;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The demo survey's public page, as `npm start` prints it. */
  demoSurveyPath(): string {
    const m = this.output.match(/\/public-survey\/[0-9a-z-]+\/[0-9a-f-]{36}/i);
    if (!m) throw new Error(`no public survey link in the server's output:\n${this.output}`);
    return m[0];
  }

  /** How many submissions the server stored for a survey, asked as the organization's owner. */
  async submissionCount(surveyId: string): Promise<number> {
    const login = await fetch(`${this.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'organization@demo.test', password: DEMO_PASSWORD }),
    });
    const auth = (await login.json()) as { data: { token: string; user: { id: string }; organizations: { organizationId: string }[] } };
    const org = auth.data.organizations[0]!;
    const select = await fetch(
      `${this.url}/api/Account/selectOrganization?userId=${auth.data.user.id}&organizationId=${org.organizationId}`,
      {
        headers: { authorization: `Bearer ${auth.data.token}` },
      },
    );
    const token = ((await select.json()) as { data: { token: string } }).data.token;
    const res = await fetch(`${this.url}/api/Survey/GetSurveyDetails?surveyId=${surveyId}`, {
      headers: { authorization: `Bearer ${token}`, 'organization-id': org.organizationId },
    });
    const body = (await res.json()) as { data: { submissionCount: number } };
    return body.data.submissionCount;
  }
}

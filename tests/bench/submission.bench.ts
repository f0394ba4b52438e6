// `npm run bench -- submission`: the submission path's server targets.
//  1. POST /api/DataCollection/SubmitSurvey of a 50-question survey on PostgreSQL: >= 500 submissions/s,
//     p99 < 200 ms, 100% success, 0 duplicates (every 20th request resends an earlier submission: it
//     must answer success and store nothing). The server is `server/main.ts` in its own processes, as
//     `DATABASE_URL=... WORKERS=auto npm start` runs it (one per core); autocannon loads it from this one.
//  2. Server-side re-validation (decode + validate) of a 500-question submission: < 5 ms.
// Knobs: BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_WORKERS (the server's WORKERS; default auto),
// BENCH_SERVER_NODE_OPTIONS (e.g. --cpu-prof), BENCH_QUESTIONS, BENCH_DATABASE_URL (the server's).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  bindSurvey,
  compileSurvey,
  decodeAnswers,
  encodeAnswers,
  toFormEntries,
  validateAnswers,
  type SurveyModel,
} from '../../engine/survey/index';
import { entriesToParts, multipart } from '../support/multipart';
import { answersFor, syntheticSurvey } from '../support/synthetic-survey';
import { prepareBenchDatabase } from './submission.database';
import { freePort } from '../support/ports';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Row {
  figure: string;
  value: string;
  target: string;
  met: boolean;
}

function revalidation(rows: Row[]): void {
  const model = syntheticSurvey(500);
  const b = bindSurvey(model);
  const { answers } = encodeAnswers(b, validateAnswers(b, answersFor(model)).data, { surveyId: model.id, userId: null });
  const once = (): void => {
    const { data } = decodeAnswers(b, answers);
    const r = validateAnswers(b, data);
    if (!r.valid) throw new Error(`bench survey does not validate: ${r.message}`);
  };
  for (let i = 0; i < 50; i++) once();
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = cpuMs();
    once();
    times.push(cpuMs() - t0);
  }
  times.sort((x, y) => x - y);
  const median = times[times.length >> 1]!;
  rows.push({
    figure: 're-validation of a 500-question submission (median CPU)',
    value: `${median.toFixed(2)} ms`,
    target: '< 5 ms',
    met: median < 5,
  });
  rows.push({ figure: '  same, p95', value: `${times[Math.floor(times.length * 0.95)]!.toFixed(2)} ms`, target: '', met: true });
}

/** CPU time of every PostgreSQL process on this machine, in ms (other people's queries included). */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!/^\d+ \(postgres\)/.test(stat)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** CPU time of a process and all its descendants (the server's primary and its workers), in ms. */
function processTreeCpuMs(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // a process that ended meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.ppid));
  let ticks = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** `server/main.ts` on the benchmark's database, as `DATABASE_URL=... WORKERS=auto npm start` runs it. */
async function startServer(): Promise<{
  port: number;
  surveyId: string;
  linkUuid: string;
  databaseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}> {
  const db = await prepareBenchDatabase();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldsurvey-bench-'));
  const extra = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db.databaseUrl,
      WORKERS: process.env.BENCH_WORKERS ?? 'auto',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-of-sufficient-length-0123456789',
      BOT_CHECK: 'off',
      // The benchmark is one address flooding one survey on purpose: the public limits would stop it.
      PUBLIC_LIMIT_PER_ADDRESS: '0',
      PUBLIC_LIMIT_PER_SURVEY: '0',
      DEMO_DATA: 'off',
      SMTP_URL: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
  });
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (l) => l.includes('is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    port,
    surveyId: db.surveyId,
    linkUuid: db.linkUuid,
    databaseUrl: db.databaseUrl,
    pid: child.pid!,
    stop: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function throughput(rows: Row[]): Promise<void> {
  const server = await startServer();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const preview = (await (await fetch(`${base}/api/Survey/GetPreviewData?surveyId=${server.surveyId}`)).json()) as { data: SurveyModel };
    const form = compileSurvey(preview.data);
    const data = answersFor(preview.data);
    const settled = validateAnswers(form.bindings, data).data;
    const encoded = encodeAnswers(form.bindings, settled, { surveyId: server.surveyId, userId: null });
    // One body per submission id; ids have one length, so a body is its template with the id swapped.
    const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';
    const entries = toFormEntries({
      id: PLACEHOLDER,
      surveyId: server.surveyId,
      userId: null,
      taskId: null,
      messageReceiverId: null,
      dataCollectionType: 0,
      startTime: new Date().toISOString(),
      isAnonymous: true,
      linkUuid: server.linkUuid,
      languageId: null,
      geolocation: null,
      ...encoded,
    });
    const { payload, headers } = multipart(entriesToParts(entries));
    const at = payload.indexOf(PLACEHOLDER);
    const bodyFor = (id: string): Buffer => {
      const b = Buffer.from(payload);
      b.write(id, at, 'latin1');
      return b;
    };
    const sent: string[] = [];
    const repeats = { sent: 0 };
    let n = 0;
    const node0 = processTreeCpuMs(server.pid);
    const pg0 = postgresCpuMs();
    const wall0 = performance.now();
    const result = await autocannon({
      url: `${base}/api/DataCollection/SubmitSurvey`,
      method: 'POST',
      headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        {
          setupRequest: (req) => {
            n++;
            let id: string;
            if (n % 20 === 0 && sent.length > 0) {
              id = sent[sent.length - 1 - (n % Math.min(sent.length, 10))]!;
              repeats.sent++;
            } else {
              id = randomUUID();
              sent.push(id);
            }
            return { ...req, body: bodyFor(id) };
          },
        },
      ],
    });
    const wallMs = performance.now() - wall0;
    const nodeMs = processTreeCpuMs(server.pid) - node0;
    const pgMs = postgresCpuMs() - pg0;
    const c = new pg.Client({ connectionString: server.databaseUrl });
    await c.connect();
    const stored = await c.query<{ n: number; distinct_ids: number; answers: number }>(
      `select count(*)::int as n, count(distinct client_id)::int as distinct_ids,
              (select count(*)::int from answers a join submissions s on s.id = a.submission_id where s.survey_id = $1) as answers
         from submissions where survey_id = $1`,
      [server.surveyId],
    );
    await c.end();
    const s = stored.rows[0]!;
    const ok = result['2xx'];
    const total = result.requests.total;
    const perSecond = result.requests.average;
    const accepted = ok - repeats.sent;
    rows.push({
      figure: `SubmitSurvey, 50 questions, ${CONNECTIONS} connections, ${DURATION_S} s`,
      value: `${perSecond.toFixed(0)} /s`,
      target: '>= 500 /s',
      met: perSecond >= 500,
    });
    rows.push({
      figure: '  latency p50 / p99',
      value: `${result.latency.p50} / ${result.latency.p99} ms`,
      target: 'p99 < 200 ms',
      met: result.latency.p99 < 200,
    });
    rows.push({
      figure: '  success',
      value: `${ok} of ${total} (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
      target: '100%',
      met: ok === total && total > 0,
    });
    const perNode = nodeMs / total;
    const perPg = pgMs / total;
    rows.push({
      figure: '  server CPU per submission (Node)',
      value: `${perNode.toFixed(2)} ms (${((100 * nodeMs) / wallMs).toFixed(0)}% of a core)`,
      target: '',
      met: true,
    });
    rows.push({
      figure: '  PostgreSQL CPU per submission (all backends)',
      value: `${perPg.toFixed(2)} ms (${((100 * pgMs) / wallMs).toFixed(0)}% of a core)`,
      target: '',
      met: true,
    });
    rows.push({
      figure: '  capacity of 2 idle cores at that cost',
      value: `${(2000 / (perNode + perPg)).toFixed(0)} /s`,
      target: '>= 500 /s',
      met: 2000 / (perNode + perPg) >= 500,
    });
    rows.push({
      figure: '  stored once',
      value: `${s.n} rows for ${s.distinct_ids} ids; ${repeats.sent} resends stored nothing; ${s.answers} answers`,
      target: '0 duplicates',
      met: s.n === s.distinct_ids && s.n <= sent.length && s.n >= accepted - CONNECTIONS && s.answers === s.n * encoded.answers.length,
    });
  } finally {
    await server.stop();
  }
}

export default async function main(): Promise<void> {
  const rows: Row[] = [];
  revalidation(rows);
  await throughput(rows);
  const width = Math.max(...rows.map((r) => r.figure.length));
  for (const r of rows)
    console.log(`${r.figure.padEnd(width)}  ${r.value.padEnd(52)} ${r.target.padEnd(14)} ${r.target ? (r.met ? 'met' : 'NOT MET') : ''}`);
}

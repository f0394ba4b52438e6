// The demo survey as the browser tests open it. Its public link is read the way a manager finds it:
// signed in, through the project's survey list (publicLink), once per server (cached in a temp file).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_SURVEY_NAME, DEMO_SURVEY_PROJECT } from '../../fixtures/demo/surveys';
import { SCREENSHOTS, baseUrl, newPage, screenshot, signIn } from './browser';

export interface DemoLink {
  /** '/public-survey/{linkUuid}/{surveyId}' */
  path: string;
  surveyId: string;
  linkUuid: string;
}

/** Reads the session the app keeps and calls the API with it, inside the page. */
export async function apiAs<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const raw = localStorage.getItem('fs.session') ?? sessionStorage.getItem('fs.session') ?? '{}';
    const s = JSON.parse(raw) as { token?: string; organizationId?: string };
    const res = await fetch(p, { headers: { authorization: `Bearer ${s.token ?? ''}`, 'organization-id': s.organizationId ?? '' } });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

export interface Envelope<T> {
  isSuccess: boolean;
  message?: string;
  errors?: string[];
  data: T;
}

/** A call of the API with the signed-in user's session, from inside the page (as the app makes it): JSON, or a file (XLSX unless `type` says) with fields. */
export async function apiCall<T>(
  page: Page,
  path: string,
  body: { json: unknown } | { file: { name: string; base64: string; type?: string }; fields: Record<string, string> } | null,
): Promise<Envelope<T>> {
  return page.evaluate(
    async ([p, b]) => {
      const raw = localStorage.getItem('fs.session') ?? sessionStorage.getItem('fs.session') ?? '{}';
      const s = JSON.parse(raw) as { token?: string; organizationId?: string };
      const headers: Record<string, string> = { authorization: `Bearer ${s.token ?? ''}`, 'organization-id': s.organizationId ?? '' };
      let init: RequestInit = { headers };
      if (b && 'json' in b)
        init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(b.json) };
      else if (b) {
        const form = new FormData();
        for (const [k, v] of Object.entries(b.fields)) form.append(k, v);
        const bytes = Uint8Array.from(atob(b.file.base64), (c) => c.charCodeAt(0));
        form.append(
          'File',
          new Blob([bytes], { type: b.file.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
          b.file.name,
        );
        init = { method: 'POST', headers, body: form };
      }
      const res = await fetch(p, init);
      return (await res.json()) as Envelope<T>;
    },
    [path, body] as const,
  ) as Promise<Envelope<T>>;
}

export async function demoLink(browser: Browser): Promise<DemoLink> {
  const cache = join(tmpdir(), `fill-demo-link-${new URL(baseUrl()).port}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as DemoLink;
  const { context, page } = await newPage(browser);
  await signIn(page, 'manager@demo.test');
  await page.waitForURL((u) => u.pathname === '/workspace', { timeout: 30_000 });
  const projects = await apiAs<{ id: string; name: string }[] | { projects: { id: string; name: string }[] }>(
    page,
    '/api/Projects/getProjectsOfOrganization',
  );
  const project = (Array.isArray(projects) ? projects : projects.projects).find((p) => p.name === DEMO_SURVEY_PROJECT);
  if (!project) throw new Error(`no project '${DEMO_SURVEY_PROJECT}'`);
  const { surveys } = await apiAs<{ surveys: { id: string; name: string; publicLink: string }[] }>(
    page,
    `/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${project.id}&surveyStatuses=1`,
  );
  const survey = surveys.find((s) => s.name === DEMO_SURVEY_NAME);
  if (!survey) throw new Error(`no survey '${DEMO_SURVEY_NAME}'`);
  await context.close();
  const [, , linkUuid = ''] = survey.publicLink.split('/').filter(Boolean);
  const link: DemoLink = { path: survey.publicLink, surveyId: survey.id, linkUuid };
  writeFileSync(cache, JSON.stringify(link));
  return link;
}

export async function openSurvey(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('survey-form').waitFor({ timeout: 30_000 });
}

/** The frame of the question at an instance path ('members[2]/member_age'). */
export const q = (page: Page, path: string) => page.locator(`[data-path="${path}"]`);

export async function chooseSurveyLanguage(page: Page, name: string): Promise<void> {
  // The picker names each language in its own script; the survey's name for it is on the option.
  const value = await page.getByTestId('fill-language').locator(`option[data-name="${name}"]`).getAttribute('value');
  await page.getByTestId('fill-language').selectOption(value!);
}

/**
 * A full-page screenshot, and the same cut in pieces of `height` pixels (a phone's long page is
 * unreadable whole). Off-screen questions skip rendering (content-visibility); here they render.
 */
export async function screenshots(page: Page, name: string, height = 1400): Promise<void> {
  await page.addStyleTag({ content: '.fs-block { content-visibility: visible !important; }' });
  await page.waitForTimeout(100);
  await screenshot(page, name);
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 1366;
  for (let i = 0, y = 0; y < total; i++, y += height) {
    await page.screenshot({
      path: join(SCREENSHOTS, `${name}.${i + 1}.png`),
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(height, total - y) },
    });
  }
}

/** A PNG of one colour, built by hand (zlib and CRC-32): a photo for the image question. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [40, 120, 200]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small but real PDF: the server sniffs file types from their bytes. */
export const tinyPdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

type SentEntry = [string, string] | [string, { fileName: string; type: string; base64: string }];

/**
 * Keeps a copy of every submission the page sends (its multipart fields, files as base64), so a test
 * can send the very same submission again. Chromium does not report multipart bodies with files.
 */
export async function recordSubmissions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    const store: unknown[] = [];
    (window as unknown as { __sent: unknown[] }).__sent = store;
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/DataCollection/SubmitSurvey') && init?.body instanceof FormData) {
        const entries: unknown[] = [];
        for (const [name, value] of init.body.entries()) {
          if (typeof value === 'string') entries.push([name, value]);
          else {
            const bytes = new Uint8Array(await value.arrayBuffer());
            let bin = '';
            for (const b of bytes) bin += String.fromCharCode(b);
            entries.push([name, { fileName: value.name, type: value.type, base64: btoa(bin) }]);
          }
        }
        store.push(entries);
      }
      return original(input, init);
    };
  });
}

/** The page's last submission (read it before the page reloads). */
export async function lastSubmission(page: Page): Promise<SentEntry[]> {
  return (await page.evaluate(() => (window as unknown as { __sent: unknown[] }).__sent.at(-1))) as SentEntry[];
}

/** Sends a submission again from the test, as the same multipart form. */
export async function resend(sent: readonly SentEntry[], base = baseUrl()): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of sent) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([Buffer.from(value.base64, 'base64')], { type: value.type }), value.fileName);
  }
  return fetch(`${base}/api/DataCollection/SubmitSurvey`, { method: 'POST', body: form });
}

// @vitest-environment jsdom
// ODK Web Forms (@getodk/web-forms, ODK's own form engine, written by nobody here) loads every XForm we write:
// each fixture survey's XForm is mounted as a host application mounts it, in jsdom, and must reach Web Forms'
// ready state, not its load-failure dialog. Web Forms runs its real engine here (its XPath parser is
// tree-sitter in WebAssembly); the stubs below are only what jsdom lacks of a browser.
import { describe, expect, it } from 'vitest';
import { bindSurvey, buildSurvey, encodeAnswers, q, repeat } from '../../../engine/survey/index';
import { readInstance, xformOf } from '../../../engine/survey/xform/index';
import { parseInstanceXml } from '../../../server/openrosa/xml';
import { fixtureSurveys, LANGUAGES } from './surveys';

/** What the bundle's Emscripten loader and PrimeVue ask of the environment that jsdom does not provide. */
function browserStubs(): void {
  Object.assign(globalThis, {
    __dirname: `${process.cwd()}/node_modules/@getodk/web-forms/dist`,
    module: { exports: {} },
  });
  window.matchMedia = (() => ({
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  // The map of a geopoint question draws on a canvas; jsdom has none. A context that keeps what is set
  // (OpenLayers reads a colour back to parse it) and does nothing when drawn on.
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    const kept: Record<PropertyKey, unknown> = { fillStyle: '#000000' };
    return new Proxy(kept, {
      get: (t, key) =>
        key in t ? t[key] : key === 'getImageData' ? () => ({ data: new Uint8ClampedArray(4) }) : key === 'canvas' ? this : () => undefined,
      set: (t, key, value) => {
        t[key] = key === 'fillStyle' && typeof value === 'string' && !/^(#|rgba?\()/.test(value) ? 'rgba(0, 0, 0, 0)' : value;
        return true;
      },
    });
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
}

interface Mounted {
  host: HTMLElement;
  /** The instance XML of the first submission Web Forms hands its host (its 'submit' event). */
  submitted: Promise<string>;
}

/** Mounts Web Forms on the XForm and waits for its verdict: 'ready', or the failure it shows. */
async function load(formXml: string, use?: (m: Mounted) => Promise<void>): Promise<string> {
  const { createApp, h } = await import('vue');
  const { OdkWebForm, webFormsPlugin } = await import('@getodk/web-forms');
  const host = document.createElement('div');
  document.body.appendChild(host);
  let hand: (xml: string) => void = () => undefined;
  const submitted = new Promise<string>((resolve) => (hand = resolve));
  const app = createApp({
    render: () =>
      h(OdkWebForm, {
        formXml,
        fetchFormAttachment: () => Promise.resolve(new Response(null, { status: 404 })),
        missingResourceBehavior: 'BLANK',
        onSubmit: (payload: { data: FormData[] }) => {
          const file = payload.data[0]?.get('xml_submission_file') as Blob | null;
          if (!file) return;
          // jsdom's Blob has no text(): its FileReader reads it.
          const reader = new FileReader();
          reader.onload = () => hand(String(reader.result));
          reader.readAsText(file);
        },
      }),
  }).use(webFormsPlugin);
  app.mount(host);
  try {
    const started = Date.now();
    const status = await new Promise<string>((resolve) => {
      const check = () => {
        if (Date.now() - started > 60_000) return resolve('neither ready nor failed after a minute');
        const s = host.querySelector('.form-initialization-status');
        if (s?.classList.contains('ready')) return resolve('ready');
        if (s?.classList.contains('error'))
          return resolve(`failed: ${document.querySelector('.form-load-failure-dialog')?.textContent?.trim() ?? 'no message'}`);
        setTimeout(check, 20);
      };
      check();
    });
    if (status === 'ready' && use) await use({ host, submitted });
    return status;
  } finally {
    app.unmount();
    host.remove();
  }
}

describe('ODK Web Forms loads our XForms', () => {
  it('every fixture survey reaches the ready state', { timeout: 600_000 }, async () => {
    browserStubs();
    const surveys = await fixtureSurveys();
    expect(surveys.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const s of surveys) {
      const status = await load(xformOf(s.model));
      if (status !== 'ready') failures.push(`${s.name}: ${status}`);
    }
    expect(failures).toEqual([]);
  });

  it('fills a form as a respondent does, and the instance it sends reads back into our answers', { timeout: 120_000 }, async () => {
    browserStubs();
    const model = buildSurvey({ name: 'Web Forms round trip', languages: [LANGUAGES[0]!] }, [
      q.text('name').required(),
      q.select_one('district').choices('north', 'south'),
      q.select_multiple('needs').choices('food', 'water', 'shelter'),
      repeat('members', q.text('member_name')),
    ]);
    let xml = '';
    const status = await load(xformOf(model), async ({ host, submitted }) => {
      // Vue applies a change to the page on its next tick: the next control is used on the page it drew.
      const { nextTick } = await import('vue');
      const settle = () => nextTick();
      const input = host.querySelector<HTMLInputElement>('input.p-inputtext, input[type="text"]')!;
      input.value = 'Amina';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await settle();
      host.querySelector<HTMLInputElement>('input[type="radio"][value="south"]')!.click();
      for (const v of ['food', 'shelter']) {
        host.querySelector<HTMLInputElement>(`input[type="checkbox"][value="${v}"]`)!.click();
        await settle();
      }
      await settle();
      const send = [...host.querySelectorAll('button')].find((b) => /send|submit/i.test(b.textContent ?? ''))!;
      send.click();
      xml = await submitted;
    });
    expect(status).toBe('ready');
    const read = readInstance(model, parseInstanceXml(Buffer.from(xml)));
    if ('errors' in read) throw new Error(read.errors.join('; '));
    expect(read.instance.instanceId).toMatch(/^uuid:[0-9a-f-]{36}$/);
    expect(read.instance.values).toMatchObject({ name: 'Amina', district: 'south', needs: 'food shelter' });
    const refused: string[] = [];
    const encoded = encodeAnswers(bindSurvey(model), read.instance.values, { surveyId: model.id, userId: null }, (n) => refused.push(n));
    expect(refused).toEqual([]);
    expect(encoded.questionIds).toHaveLength(3);
  });

  it('shows its failure for a form that is not one (the check can fail)', { timeout: 60_000 }, async () => {
    browserStubs();
    expect(await load('<h:html xmlns:h="http://www.w3.org/1999/xhtml"><h:head/></h:html>')).toMatch(/^failed/);
  });
});

// A Chromium with nothing attached to the page but the throttling: the figure a respondent's phone stands for. Playwright attaches to every
// page it drives and enables its Runtime domain, its isolated world and its injected script there, and the
// renderer pays for them inside the visit being measured: a second V8 context made at every commit (35 ms
// of a 4x-slowed main thread in a trace), and, with Runtime enabled, every Error created as a module loads
// recorded with a detailed stack, which makes V8 parse the functions on the stack again (React DOM creates
// five as it loads: 58-62 ms; docs/decisions/0060-fill-page-measurement-and-figures.md). A respondent's phone pays none
// of it. Here the browser is started by hand with the DevTools protocol on a pipe (`--remote-debugging-pipe`:
// null-terminated JSON on file descriptors 3 and 4) and each page gets only what the measurement needs:
// Emulation (the CPU slowed 4x, the 360 px viewport), Network (profile A), and Page's script added before
// the page's own (fill-in-page.ts's, which ticks, types and hands over the time). The page's figure comes
// back in its title, read from the browser's side (`Target.getTargetInfo`): no request to the renderer
// while the visit runs. Runtime is asked only between visits (waiting for the worker, clearing the autosave).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/** Chromium's own switches the benchmark's Playwright launch also sets, so that both browsers start alike. */
const SWITCHES = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-back-forward-cache',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--force-color-profile=srgb',
  '--password-store=basic',
];

export class BareChromium {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private readonly input: Writable;
  private readonly listeners = new Set<(message: Message) => void>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    this.input = child.stdio[3] as Writable;
    // A browser that fails to start or dies answers nothing: every call waiting says so instead of hanging.
    const gone = (why: string) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`Chromium ${why}`));
      this.pending.clear();
    };
    child.once('error', (err) => gone(`did not start: ${err.message}`));
    child.once('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    let buffered = Buffer.alloc(0);
    (child.stdio[4] as Readable).on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (let end = buffered.indexOf(0); end >= 0; end = buffered.indexOf(0)) {
        const message = JSON.parse(buffered.subarray(0, end).toString('utf8')) as Message;
        buffered = buffered.subarray(end + 1);
        if (message.id === undefined) {
          for (const listener of this.listeners) listener(message);
          continue;
        }
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      }
    });
  }

  static async launch(executablePath: string): Promise<BareChromium> {
    const profile = mkdtempSync(join(tmpdir(), 'fieldsurvey-bare-'));
    const child = spawn(executablePath, [...SWITCHES, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    const browser = new BareChromium(child, profile);
    await browser.send('Browser.getVersion');
    return browser;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        return reject(new Error(`Chromium has exited; ${method} not sent`));
      this.pending.set(id, { resolve: resolve as (r: Record<string, unknown>) => void, reject });
      this.input.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** Hears the protocol's events (messages without an id), until the returned function is called. */
  listen(listener: (message: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A fresh profile's worth of storage (no worker, no cache): a first visit. */
  async newContext(): Promise<string> {
    return (await this.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: false })).browserContextId;
  }

  closeContext(browserContextId: string): Promise<unknown> {
    return this.send('Target.disposeBrowserContext', { browserContextId });
  }

  /** A blank page in the context, attached with only the domains the measurement needs. */
  async newPage(
    browserContextId: string,
    setup: { cpuRate: number; network?: { latency: number; kbits: number }; initScript: string },
  ): Promise<BarePage> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const page = new BarePage(this, targetId, sessionId);
    await page.send('Page.enable');
    await page.send('Emulation.setDeviceMetricsOverride', { width: 360, height: 740, deviceScaleFactor: 1, mobile: false });
    await page.send('Emulation.setCPUThrottlingRate', { rate: setup.cpuRate });
    if (setup.network) {
      const bytesPerSecond = (setup.network.kbits * 1000) / 8;
      await page.send('Network.enable');
      await page.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: setup.network.latency,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: setup.initScript });
    return page;
  }

  /** Records a Chromium trace of the given categories around `act`; returns its events. */
  async trace(categories: readonly string[], act: () => Promise<void>): Promise<unknown[]> {
    const events: unknown[] = [];
    let complete = () => {};
    const completed = new Promise<void>((done) => (complete = done));
    const stop = this.listen((m) => {
      if (m.method === 'Tracing.dataCollected') events.push(...(m.params as { value: unknown[] }).value);
      if (m.method === 'Tracing.tracingComplete') complete();
    });
    try {
      await this.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
      await act();
      await this.send('Tracing.end');
      await completed;
    } finally {
      stop();
    }
    return events;
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => undefined);
    await new Promise((done) =>
      this.child.exitCode !== null || this.child.signalCode !== null ? done(undefined) : this.child.once('exit', done),
    );
    rmSync(this.profile, { recursive: true, force: true });
  }
}

export class BarePage {
  constructor(
    private readonly browser: BareChromium,
    readonly targetId: string,
    private readonly sessionId: string,
  ) {}

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  navigate(url: string): Promise<unknown> {
    return this.send('Page.navigate', { url });
  }

  /** The page's title, read in the browser: asks nothing of the renderer. */
  async title(): Promise<string> {
    return (await this.browser.send<{ targetInfo: { title: string } }>('Target.getTargetInfo', { targetId: this.targetId })).targetInfo
      .title;
  }

  /** Waits, polling the title from the browser's side, for a title that starts with `mark`; returns the rest. */
  async waitForTitle(mark: string, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const title = await this.title();
      if (title.startsWith(mark)) return title.slice(mark.length);
      if (Date.now() > deadline) throw new Error(`no "${mark}" title within ${timeoutMs} ms (title: ${title})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Evaluates an expression in the page (between visits only: it asks the renderer). */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (reply.exceptionDetails) throw new Error(`evaluate failed: ${reply.exceptionDetails.text}`);
    return reply.result.value;
  }

  close(): Promise<unknown> {
    return this.browser.send('Target.closeTarget', { targetId: this.targetId });
  }
}

// Every setting the server reads, declared once with its default and meaning. The README's table of
// configuration variables is this list (tests/unit/readme.test.ts keeps the two in step).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { StorageSettings } from './plugins/storage';

export const settings = {
  PORT: { default: '3000', doc: 'Port the server listens on.' },
  HOST: { default: '0.0.0.0', doc: 'Address the server listens on.' },
  DATA_DIR: {
    default: './data',
    doc: 'Embedded database, uploaded files (FILE_STORAGE=disk; with a bucket, only files on their way in) and the generated JWT secret live here.',
  },
  FILE_STORAGE: {
    default: 'disk',
    doc: 'Where uploaded and exported files are kept: disk (DATA_DIR/files on this host) or an S3-compatible bucket as s3://bucket/prefix (the prefix may be empty), which several hosts share.',
  },
  S3_ENDPOINT: { default: '', doc: "The bucket's S3 endpoint (https://minio.example.org:9000). Empty: AWS S3 in S3_REGION." },
  S3_REGION: { default: 'us-east-1', doc: "The bucket's region." },
  S3_ACCESS_KEY_ID: {
    default: '',
    doc: "Access key of the bucket, with S3_SECRET_ACCESS_KEY. Empty: the AWS SDK's own credentials (AWS_* variables, the instance's role).",
  },
  S3_SECRET_ACCESS_KEY: { default: '', doc: 'Secret key of the bucket, with S3_ACCESS_KEY_ID.' },
  S3_FORCE_PATH_STYLE: {
    default: 'off',
    doc: 'Address the bucket as ENDPOINT/bucket instead of bucket.ENDPOINT: on for MinIO and most other S3-compatible servers, off for AWS.',
  },
  DATABASE_URL: { default: '', doc: 'PostgreSQL connection string. Empty: the embedded PGlite database in DATA_DIR.' },
  JWT_SECRET: { default: '', doc: 'Secret that signs access tokens. Empty: one is generated once and kept in DATA_DIR/jwt-secret.' },
  PUBLIC_URL: { default: '', doc: 'Address users reach the product at, used in e-mails. Empty: http://localhost:PORT.' },
  SMTP_URL: {
    default: '',
    doc: 'SMTP server for e-mail (smtp://user:pass@host:port). Empty: e-mail is kept in the outbox, logged, and shown at /dev/mailbox.',
  },
  MAIL_FROM: { default: 'Field Survey <no-reply@fieldsurvey.local>', doc: 'Sender of the product e-mails.' },
  DEV_MAILBOX: {
    default: 'auto',
    doc: 'The development mailbox page /dev/mailbox: on, off, or auto (on when SMTP_URL is empty, and then only for requests from this machine).',
  },
  BOT_CHECK: {
    default: 'altcha',
    doc: 'Bot check on sign-in forms: altcha (self-hosted proof of work), recaptcha (needs the keys) or off.',
  },
  ALTCHA_HMAC_KEY: { default: '', doc: 'Key that signs ALTCHA challenges. Empty: derived from JWT_SECRET.' },
  RECAPTCHA_SECRET: { default: '', doc: 'reCAPTCHA secret key, with BOT_CHECK=recaptcha.' },
  RECAPTCHA_SITE_KEY: { default: '', doc: 'reCAPTCHA site key, with BOT_CHECK=recaptcha.' },
  DEMO_DATA: { default: 'on', doc: 'Seed the demo organizations, accounts and surveys into an empty database: on or off.' },
  LOG_LEVEL: { default: 'info', doc: 'Server log level: fatal, error, warn, info, debug, trace or silent.' },
  RESPONSE_CHECK: {
    default: 'off',
    doc: 'Check every API answer against its declared response schema, and answer 500 naming the difference: on or off. The tests turn it on.',
  },
  TRUST_PROXY: {
    default: 'off',
    doc: 'Reverse proxies whose X-Forwarded-For is believed, for the caller addresses that rate limits count: off, loopback, a number of hops, or addresses and CIDR ranges separated by commas.',
  },
  WORKERS: {
    default: '1',
    doc: 'Server processes sharing the port: a number, or auto for one per CPU core. Only with DATABASE_URL, and then a supervising process restarts any that dies; the embedded database serves one process, which nothing restarts (use a service manager).',
  },
  HEADERS_TIMEOUT: { default: '10', doc: "Seconds a client may take to send a request's headers before the connection is closed." },
  REQUEST_TIMEOUT: {
    default: '300',
    doc: 'Seconds a client may take to send a whole request, body included (a slow phone uploading 100 MB of photos needs minutes); then 408 and closed.',
  },
  IDLE_TIMEOUT: {
    default: '60',
    doc: 'Seconds a connection may stay silent in both directions (a stalled upload, a stuck client) before it is closed.',
  },
  KEEP_ALIVE_TIMEOUT: {
    default: '5',
    doc: "Seconds an idle keep-alive connection is kept for the next request. Behind a load balancer, set it above the balancer's idle timeout.",
  },
  PUBLIC_LIMIT_PER_ADDRESS: {
    default: '1000',
    doc: 'Calls one address may make to each public survey call (loading a survey, submitting, per 15 minutes; a field office of collectors emptying their outboxes behind one address stays under it). 0 turns it off.',
  },
  PUBLIC_LIMIT_PER_SURVEY: {
    default: '10000',
    doc: 'Calls one survey may take on each public survey call from all addresses together, per 15 minutes, so a flood aimed at one survey cannot crowd out the others. 0 turns it off.',
  },
  WHATSAPP_TOKEN: {
    default: '',
    doc: 'WhatsApp Cloud API access token for messaging tasks. Empty (with WHATSAPP_PHONE_NUMBER_ID): the WhatsApp channel is off and the task screens say so.',
  },
  WHATSAPP_PHONE_NUMBER_ID: { default: '', doc: 'WhatsApp Cloud API phone number id that sends messaging tasks.' },
  MAP_TILE_URL: {
    default: '',
    doc: "Map tiles for GPS answers, as a Leaflet URL template (https://tile.example.org/{z}/{x}/{y}.png, {s} for subdomains); its host is added to the pages' img-src. Empty: points are drawn on a plain latitude/longitude frame, with no request leaving the server.",
  },
  MAP_TILE_ATTRIBUTION: {
    default: '',
    doc: 'Attribution the tile server asks for, shown on every map (plain text, e.g. © OpenStreetMap contributors).',
  },
  STRIPE_SECRET_KEY: {
    default: '',
    doc: 'Stripe secret key (sk_...). Empty: payments run on the built-in sandbox provider (test cards, invoices, a movable clock in tests).',
  },
  STRIPE_PUBLISHABLE_KEY: {
    default: '',
    doc: "Stripe publishable key (pk_...) for the browser's card form; required with STRIPE_SECRET_KEY.",
  },
  STRIPE_WEBHOOK_SECRET: {
    default: '',
    doc: 'Signing secret (whsec_...) of the Stripe webhook endpoint /api/payment/stripe/webhook; required with STRIPE_SECRET_KEY.',
  },
  STRIPE_PRICES: {
    default: '',
    doc: 'Stripe price ids per plan and interval, as planId:monthlyPriceId:yearlyPriceId separated by commas (1:price_a:price_b,2:...); required with STRIPE_SECRET_KEY.',
  },
  SANDBOX_CLOCK_DAYS: {
    default: '0',
    doc: "Days the sandbox payment provider's billing clock runs ahead of the wall clock, to watch trials end, periods renew and payments fall due in a demonstration (restart with a larger number to move on). Not allowed with STRIPE_SECRET_KEY.",
  },
  WEBHOOK_ALLOW_PRIVATE: {
    default: 'off',
    doc: 'Let webhooks reach private and loopback addresses (10.0.0.0/8, 192.168.0.0/16, 127.0.0.1, ...), and plain http:// to them: on for a receiver inside your own network, off (the default) so that nobody can point a webhook at the servers beside this one.',
  },
  METRICS_TOKEN: {
    default: '',
    doc: 'Bearer token that opens /api/metrics (Prometheus text format): Authorization: Bearer <token>, at least 32 characters. Empty: /api/metrics answers 404.',
  },
  MAX_CONNECTIONS_PER_ADDRESS: {
    default: '64',
    doc: 'Open connections one client address may hold; more are closed at once. 0 turns it off. Connections from this machine (a local reverse proxy, the benchmarks) are not counted; behind a load balancer on another host, set 0.',
  },
} as const;

export type SettingName = keyof typeof settings;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  devMailbox: boolean;
  /** With DEV_MAILBOX=auto the mailbox answers only requests from the machine itself. */
  devMailboxLoopbackOnly: boolean;
  botCheck: 'altcha' | 'recaptcha' | 'off';
  altchaHmacKey: string;
  recaptchaSecret: string;
  recaptchaSiteKey: string;
  demoData: boolean;
  logLevel: string;
  /** RESPONSE_CHECK: every API answer is checked against its route's response schema (server/responseCheck.ts). */
  responseCheck: boolean;
  /** Server processes (node:cluster workers). With PostgreSQL a primary supervises them, even one. */
  workers: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For decides req.ip. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Limits on how long a client may hold a connection, in milliseconds. */
  timeouts: { headersMs: number; requestMs: number; idleMs: number; keepAliveMs: number };
  /** Open connections per remote address; 0 is no limit. */
  maxConnectionsPerAddress: number;
  /** Calls per 15 minutes to each public survey call, per address and per survey; 0 is no limit. */
  publicLimits: { perAddress: number; perSurvey: number };
  /** The map tile server of GPS maps; absent: points on a plain coordinate frame. */
  mapTiles?: { url: string; attribution: string } | undefined;
  /** WhatsApp Cloud API credentials; absent: the channel is off. */
  whatsapp?: { token: string; phoneNumberId: string } | undefined;
  /** Stripe credentials; absent: the sandbox payment provider. */
  stripe?: StripeConfig | undefined;
  /** Days the sandbox's billing clock runs ahead (demonstrations, browser tests); 0 otherwise. */
  sandboxClockDays: number;
  /** FILE_STORAGE and the S3_ settings: where stored files live (plugins/storage.ts). */
  fileStorage: StorageSettings;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach private and loopback addresses (security/outbound.ts). */
  webhookAllowPrivate: boolean;
  /** METRICS_TOKEN: what opens /api/metrics; absent: the route is not found. */
  metricsToken?: string | undefined;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe price id of each plan, per billing interval. */
  prices: Record<number, { monthly: string; yearly: string }>;
  /** Tests only: where the Stripe client sends its requests (a local server speaking Stripe's shapes). */
  host?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

function stripeOf(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = read(env, 'STRIPE_SECRET_KEY');
  if (!secretKey) return undefined;
  const publishableKey = read(env, 'STRIPE_PUBLISHABLE_KEY');
  const webhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  const prices: StripeConfig['prices'] = {};
  for (const part of read(env, 'STRIPE_PRICES')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+):(price_\w+):(price_\w+)$/.exec(part);
    if (!m) throw new Error(`STRIPE_PRICES must be planId:monthlyPriceId:yearlyPriceId separated by commas, got ${part}`);
    prices[Number(m[1])] = { monthly: m[2]!, yearly: m[3]! };
  }
  if (!publishableKey || !webhookSecret || !Object.keys(prices).length)
    throw new Error('STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICES');
  return { secretKey, publishableKey, webhookSecret, prices };
}

/** A token a scraper sends: long enough that guessing it within the failure limit is hopeless. */
function metricsTokenOf(env: NodeJS.ProcessEnv): string | undefined {
  const token = read(env, 'METRICS_TOKEN');
  if (!token) return undefined;
  if (token.length < 32 || /\s/.test(token)) throw new Error('METRICS_TOKEN must be at least 32 characters, without spaces');
  return token;
}

/** A setting that is on or off, refused otherwise (a typo must not leave a safety check off or on). */
function onOff(env: NodeJS.ProcessEnv, name: SettingName): boolean {
  const value = read(env, name);
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off, got ${value}`);
  return value === 'on';
}

function sandboxClockDaysOf(env: NodeJS.ProcessEnv): number {
  const days = Number(read(env, 'SANDBOX_CLOCK_DAYS'));
  if (!Number.isInteger(days) || days < 0 || days > 3650)
    throw new Error(`SANDBOX_CLOCK_DAYS must be a whole number of days from 0 to 3650, got ${env.SANDBOX_CLOCK_DAYS}`);
  // Stripe bills on its own clock: ours running ahead would judge its subscriptions ended.
  if (days > 0 && read(env, 'STRIPE_SECRET_KEY'))
    throw new Error('SANDBOX_CLOCK_DAYS is for the sandbox payment provider, not with STRIPE_SECRET_KEY');
  return days;
}

/** TRUST_PROXY as Fastify takes it. Off by default: a forwarded address is believed only from a named proxy. */
function trustProxyOf(value: string): Config['trustProxy'] {
  if (value === 'off') return false;
  if (/^\d{1,2}$/.test(value)) {
    // The nearest N hops are proxies; the address before them is the caller's.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.length || list.some((s) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(s))) {
    throw new Error(`TRUST_PROXY must be off, loopback, a number of hops, or addresses/CIDR ranges separated by commas, got ${value}`);
  }
  return list;
}

/** A tile URL template Leaflet can fill: http(s), with {z}, {x} and {y}. */
function mapTilesOf(env: NodeJS.ProcessEnv): Config['mapTiles'] {
  const url = read(env, 'MAP_TILE_URL');
  if (!url) return undefined;
  if (!/^https?:\/\/[^\s/?#]+\/\S*$/.test(url) || !['{z}', '{x}', '{y}'].every((p) => url.includes(p))) {
    throw new Error(`MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}, got ${url}`);
  }
  return { url, attribution: read(env, 'MAP_TILE_ATTRIBUTION').slice(0, 500) };
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** FILE_STORAGE: disk, or s3://bucket/prefix with the S3_ settings. A value that is neither stops the start. */
function fileStorageOf(env: NodeJS.ProcessEnv, dataDir: string): StorageSettings {
  const value = read(env, 'FILE_STORAGE');
  const root = join(dataDir, 'files');
  if (value === 'disk') {
    const stray = S3_SETTINGS.filter((name) => read(env, name));
    if (stray.length)
      throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} for FILE_STORAGE=s3://bucket/prefix, not disk`);
    return { kind: 'disk', root };
  }
  // Bucket names as S3 allows them; a prefix of plain path segments, so a key cannot climb out of it.
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/((?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]*))?$/.exec(value);
  if (!m || (m[2] ?? '').split('/').some((s) => s === '.' || s === '..'))
    throw new Error(`FILE_STORAGE must be disk or s3://bucket/prefix (a bucket name and an optional path), got ${value}`);
  const prefix = m[2] ? m[2].replace(/\/?$/, '/') : '';
  const endpoint = read(env, 'S3_ENDPOINT') || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/?#]+\/?$/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) address without a path (https://host:port), got ${endpoint}`);
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  const pathStyle = read(env, 'S3_FORCE_PATH_STYLE');
  if (pathStyle !== 'on' && pathStyle !== 'off') throw new Error(`S3_FORCE_PATH_STYLE must be on or off, got ${pathStyle}`);
  return {
    kind: 's3',
    bucket: m[1]!,
    prefix,
    endpoint,
    region: read(env, 'S3_REGION'),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === 'on',
    tempDir: join(root, '.incoming'),
  };
}

function read(env: NodeJS.ProcessEnv, name: SettingName): string {
  const v = env[name];
  return v === undefined || v === '' ? settings[name].default : v;
}

/** The JWT secret: given, or generated once per data directory and kept there (never committed). */
function jwtSecretFor(dataDir: string, given: string): string {
  if (given) return given;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function seconds(env: NodeJS.ProcessEnv, name: SettingName): number {
  const value = Number(read(env, name));
  if (!Number.isFinite(value) || value <= 0 || value > 3600)
    throw new Error(`${name} must be a number of seconds from 0 to 3600, got ${env[name]}`);
  return Math.round(value * 1000);
}

function count(env: NodeJS.ProcessEnv, name: SettingName): number {
  const value = Number(read(env, name));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, 0 for no limit, got ${env[name]}`);
  return value;
}

function timeoutsOf(env: NodeJS.ProcessEnv): Config['timeouts'] {
  const t = {
    headersMs: seconds(env, 'HEADERS_TIMEOUT'),
    requestMs: seconds(env, 'REQUEST_TIMEOUT'),
    idleMs: seconds(env, 'IDLE_TIMEOUT'),
    keepAliveMs: seconds(env, 'KEEP_ALIVE_TIMEOUT'),
  };
  // Node refuses to listen otherwise.
  if (t.headersMs > t.requestMs) throw new Error('HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT');
  return t;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(read(env, 'PORT'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = resolve(read(env, 'DATA_DIR'));
  const botCheck = read(env, 'BOT_CHECK');
  if (botCheck !== 'altcha' && botCheck !== 'recaptcha' && botCheck !== 'off') {
    throw new Error(`BOT_CHECK must be altcha, recaptcha or off, got ${botCheck}`);
  }
  const jwtSecret = jwtSecretFor(dataDir, read(env, 'JWT_SECRET'));
  const smtpUrl = read(env, 'SMTP_URL') || undefined;
  const mailbox = read(env, 'DEV_MAILBOX');
  const databaseUrl = read(env, 'DATABASE_URL') || undefined;
  const workersSetting = read(env, 'WORKERS');
  const workers = workersSetting === 'auto' ? availableParallelism() : Number(workersSetting);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new Error(`WORKERS must be a number from 1 to 64 or auto, got ${workersSetting}`);
  return {
    port,
    host: read(env, 'HOST'),
    dataDir,
    databaseUrl,
    jwtSecret,
    publicUrl: read(env, 'PUBLIC_URL') || `http://localhost:${port}`,
    smtpUrl,
    mailFrom: read(env, 'MAIL_FROM'),
    devMailbox: mailbox === 'on' || (mailbox === 'auto' && !smtpUrl),
    devMailboxLoopbackOnly: mailbox !== 'on',
    botCheck,
    altchaHmacKey: read(env, 'ALTCHA_HMAC_KEY') || `altcha:${jwtSecret}`,
    recaptchaSecret: read(env, 'RECAPTCHA_SECRET'),
    recaptchaSiteKey: read(env, 'RECAPTCHA_SITE_KEY'),
    demoData: read(env, 'DEMO_DATA') !== 'off',
    logLevel: read(env, 'LOG_LEVEL'),
    responseCheck: read(env, 'RESPONSE_CHECK') === 'on',
    // PGlite is one process's database: several workers would each open their own copy of DATA_DIR.
    workers: databaseUrl ? workers : 1,
    trustProxy: trustProxyOf(read(env, 'TRUST_PROXY')),
    timeouts: timeoutsOf(env),
    maxConnectionsPerAddress: count(env, 'MAX_CONNECTIONS_PER_ADDRESS'),
    publicLimits: { perAddress: count(env, 'PUBLIC_LIMIT_PER_ADDRESS'), perSurvey: count(env, 'PUBLIC_LIMIT_PER_SURVEY') },
    mapTiles: mapTilesOf(env),
    stripe: stripeOf(env),
    sandboxClockDays: sandboxClockDaysOf(env),
    fileStorage: fileStorageOf(env, dataDir),
    webhookAllowPrivate: onOff(env, 'WEBHOOK_ALLOW_PRIVATE'),
    metricsToken: metricsTokenOf(env),
    whatsapp:
      read(env, 'WHATSAPP_TOKEN') && read(env, 'WHATSAPP_PHONE_NUMBER_ID')
        ? { token: read(env, 'WHATSAPP_TOKEN'), phoneNumberId: read(env, 'WHATSAPP_PHONE_NUMBER_ID') }
        : undefined,
  };
}

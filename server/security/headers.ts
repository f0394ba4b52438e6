// Security headers on every reply, API and front end alike, from @fastify/helmet, plus a
// Permissions-Policy (helmet has none). docs/decisions/0021-security-headers.md says why each value is what it is.
import fastifyHelmet from '@fastify/helmet';
import type { App } from '../envelope';
import type { Config } from '../config';

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
// Stripe.js and its card fields, with Stripe configured (docs.stripe.com/security/guide, content security policy).
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];
/** 180 days: long enough to count (preload lists want a year, which is the operator's call). */
const HSTS_SECONDS = 180 * 24 * 60 * 60;

/** The origin of a tile URL template for img-src ('{s}' subdomains become a wildcard host part). */
export function tileOrigin(url: string): string {
  const m = /^(https?:\/\/[^/]+)/.exec(url);
  return (m?.[1] ?? '').replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
}

export function contentSecurityPolicy(
  config: Pick<Config, 'botCheck' | 'publicUrl' | 'mapTiles' | 'stripe'>,
): Record<string, string[] | null> {
  const recaptcha = config.botCheck === 'recaptcha';
  const stripe = config.stripe !== undefined;
  const frames = [...(recaptcha ? RECAPTCHA_FRAMES : []), ...(stripe ? STRIPE_FRAMES : [])];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // No inline scripts: the built index.html loads its entry as a file and the service worker is
    // registered from it. 'unsafe-eval' only because the admin screens validate with ajv
    // (@rjsf/validator-ajv8), which compiles schemas with Function(); precompiling them lets it go.
    'script-src': ["'self'", "'unsafe-eval'", ...(recaptcha ? RECAPTCHA_SCRIPTS : []), ...(stripe ? STRIPE_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    // Chakra UI styles through emotion, which inserts <style> elements at run time (no nonce support
    // through Chakra's provider), and the ALTCHA widget styles itself the same way.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Photos are previewed from data: and blob: URLs before they are sent; map tiles come from the
    // configured tile server only (Leaflet draws them as <img>; its CSS is bundled, and its inline
    // positioning styles are covered by style-src above).
    'img-src': ["'self'", 'data:', 'blob:', ...(config.mapTiles ? [tileOrigin(config.mapTiles.url)] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? STRIPE_CONNECT : [])],
    // The ALTCHA proof of work runs in a worker made from a blob: URL; the service worker is 'self'.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:', 'data:'],
    // Our own pages only besides those: the fill page runs its modules once in a hidden frame of its own
    // origin so that their code cache is written (src/offline/codeCache.ts).
    'frame-src': ["'self'", ...frames],
    // No page of ours may be framed, survey pages included (clickjacking a submit button).
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...(config.publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The front end is one document for every page: a respondent reaches the fill page (/public-survey/...,
 * /survey/...) by navigating inside the app, and offline the service worker answers every page with the
 * cached index.html and its headers. So every HTML document may ask for the location and the camera
 * (geopoint and photo questions), only from our own origin; nothing else (API replies, files) may.
 */
const DOCUMENT_POLICY = 'geolocation=(self), camera=(self), microphone=(), payment=(), usb=()';
const OTHER_POLICY = 'geolocation=(), camera=(), microphone=(), payment=(), usb=()';

/**
 * A hashed script, style sheet, font or image is never a document: the headers that only a document
 * reads (its policy, framing, opener, permissions) would cost about 700 bytes on every file of a page,
 * sent uncompressed on a phone's slow link (0.2 s for the survey page's files at 50 KB/s). What a
 * subresource does read stays: nosniff, the resource policy, the referrer policy (a style sheet's own
 * requests follow it) and HSTS. SVG is left whole: opened by itself it is a document that could run script.
 */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css|woff2?|png|jpe?g|webp|ico)(?:[?#]|$)/i;
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function registerSecurityHeaders(
  app: App,
  config: Pick<Config, 'botCheck' | 'publicUrl' | 'mapTiles' | 'stripe'>,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Public survey links are capabilities (their uuid is the key): no page sends its address onward.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: HSTS_SECONDS, includeSubDomains: false } : false,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 && SUBRESOURCE.test(req.url)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('permissions-policy', type.startsWith('text/html') ? DOCUMENT_POLICY : OTHER_POLICY);
    return payload;
  });
}

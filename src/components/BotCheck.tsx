// The bot check of the sign-in forms. With ALTCHA (the default) the widget sits in the form and solves
// a proof of work; each call takes a fresh solution, since the server accepts one only once.
import { Box } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BOT_CHECK_API } from '../../schemas/account';
import { call } from '../api/call';

export interface BotCheckHandle {
  /** A token for one call, or undefined when the bot check is off. */
  token(): Promise<string | undefined>;
}

interface AltchaElement extends HTMLElement {
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
  configure(c: Record<string, unknown>): Promise<void>;
}

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
  }
}

// The widget's own texts, by interface language: [its language code, its translation module].
const altchaLanguages: Record<string, [string, () => Promise<unknown>]> = {
  en: ['en', () => Promise.resolve()],
  de: ['de', () => import('altcha/i18n/de')],
  es: ['es-es', () => import('altcha/i18n/es-es')],
  fr: ['fr-fr', () => import('altcha/i18n/fr-fr')],
  ja: ['ja', () => import('altcha/i18n/ja')],
  zh: ['zh-cn', () => import('altcha/i18n/zh-cn')],
  ar: ['ar', () => import('altcha/i18n/ar')],
};

function loadRecaptcha(siteKey: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (window.grecaptcha) return resolve();
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('reCAPTCHA could not load'));
    document.head.appendChild(s);
  });
}

/** A promise with its resolver outside: the widget is ready once, a call made before waits for it. */
function readiness(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export const BotCheck = forwardRef<BotCheckHandle, { action: string }>(function BotCheck({ action }, ref) {
  const { i18n } = useTranslation();
  const { data: config, isError } = useQuery({
    queryKey: ['bot-check-config'],
    queryFn: () => call(BOT_CHECK_API.config),
    staleTime: Infinity,
  });
  const widget = useRef<AltchaElement | null>(null);
  const solved = useRef<string | undefined>(undefined);
  // Solutions already sent. The widget announces a solution after verify() returns it, so a spent one
  // can come back through the event; the server accepts each only once.
  const spent = useRef(new Set<string>());
  // A form sent while the check's settings load, or before ALTCHA's element is defined, waits for them:
  // on a slow phone the user is quicker than the network, and a call without a token is refused.
  const ready = useRef(readiness());
  const current = useRef(config);
  current.current = config;

  useEffect(() => {
    // Settings that cannot load: the call goes without a token, and the server's answer says why.
    if (isError) return ready.current.resolve();
    if (!config) return;
    if (config.mode !== 'altcha') return ready.current.resolve();
    void import('altcha')
      .then(() => customElements.whenDefined('altcha-widget'))
      .catch(() => undefined)
      .then(() => ready.current.resolve());
  }, [config, isError]);

  useEffect(() => {
    if (config?.mode !== 'altcha') return;
    void altchaLanguages[i18n.language]?.[1]();
  }, [config?.mode, i18n.language]);

  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    const onVerified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload: string }>).detail.payload;
      if (!spent.current.has(payload)) solved.current = payload;
    };
    el.addEventListener('verified', onVerified);
    return () => el.removeEventListener('verified', onVerified);
  }, [config?.mode]);

  useImperativeHandle(
    ref,
    () => ({
      async token() {
        await ready.current.promise;
        const cfg = current.current;
        if (!cfg || cfg.mode === 'off') return undefined;
        if (cfg.mode === 'recaptcha') {
          if (!cfg.siteKey) return undefined;
          await loadRecaptcha(cfg.siteKey);
          return new Promise<string>((resolve) =>
            window.grecaptcha!.ready(() => void window.grecaptcha!.execute(cfg.siteKey!, { action }).then(resolve)),
          );
        }
        const el = widget.current;
        // ALTCHA's code could not load (offline): no token; the server's refusal says why.
        if (!el || typeof el.verify !== 'function') return undefined;
        // A solution the user earned by ticking the box, or a fresh one solved now.
        let payload = solved.current;
        solved.current = undefined;
        if (!payload || spent.current.has(payload)) {
          el.reset();
          payload = (await el.verify())?.payload;
        }
        if (payload) spent.current.add(payload);
        return payload;
      },
    }),
    [action],
  );

  if (config?.mode !== 'altcha') return null;
  return (
    <Box data-testid="bot-check" css={{ '--altcha-max-width': '100%' }}>
      <altcha-widget
        ref={widget as never}
        challenge={`/api${BOT_CHECK_API.challenge.path}`}
        language={altchaLanguages[i18n.language]?.[0] ?? 'en'}
        configuration={JSON.stringify({ hideFooter: true })}
      />
    </Box>
  );
});

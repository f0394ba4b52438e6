// The channels a messaging task sends through (spec 001 section 3: Whatsapp 0, Email 1), behind one
// interface. E-mail goes through the product's mailer (outbox, SMTP when configured). WhatsApp needs the
// Cloud API credentials (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID); without them the channel is off,
// the server refuses it and the screens say so, rather than pretending to send.
import { messageChannels } from '../../schemas/tasks';
import type { Config } from '../config';
import type { Mailer } from '../plugins/mail';

export interface OutgoingMessage {
  to: string;
  name: string;
  subject: string;
  text: string;
  link: string;
}

export interface MessageProvider {
  readonly available: boolean;
  send(m: OutgoingMessage): Promise<void>;
}

function emailProvider(mailer: Mailer): MessageProvider {
  return {
    available: true,
    send: (m) => mailer.send({ to: m.to, subject: m.subject, text: `${m.text}\n\n    ${m.link}\n` }),
  };
}

/** WhatsApp Cloud API text message; off without credentials. */
function whatsappProvider(creds: Config['whatsapp']): MessageProvider {
  if (!creds) return { available: false, send: () => Promise.reject(new Error('WhatsApp is not configured')) };
  return {
    available: true,
    async send(m) {
      const res = await fetch(`https://graph.facebook.com/v19.0/${encodeURIComponent(creds.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${creds.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: m.to.replace(/[^\d]/g, ''),
          type: 'text',
          text: { body: `${m.text}\n${m.link}` },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`WhatsApp answered ${res.status}`);
    },
  };
}

export type Channels = Record<(typeof messageChannels)[keyof typeof messageChannels], MessageProvider>;

export function messageProviders(config: Pick<Config, 'whatsapp'>, mailer: Mailer): Channels {
  return { [messageChannels.Whatsapp]: whatsappProvider(config.whatsapp), [messageChannels.Email]: emailProvider(mailer) };
}

// The texts of the product's e-mails.
const CODE_MINUTES = 15;

const CODE_TEXTS = {
  'confirm-email': { intro: 'Use this code to confirm your e-mail address:', subject: 'Your confirmation code' },
  'reset-password': { intro: 'Use this code to reset your password:', subject: 'Your password reset code' },
  'update-email': { intro: 'Use this code to make this address the e-mail of your account:', subject: 'Your e-mail change code' },
  'change-password': { intro: 'Use this code to confirm the change of your password:', subject: 'Your password change code' },
} as const;
export type CodeMailPurpose = keyof typeof CODE_TEXTS;

export function codeMail(purpose: CodeMailPurpose, fullName: string, code: string): { subject: string; text: string; html: string } {
  const { intro } = CODE_TEXTS[purpose];
  const subject = `${CODE_TEXTS[purpose].subject}: ${code}`;
  const text = `Hello ${fullName},\n\n${intro}\n\n    ${code}\n\nThe code is valid for ${CODE_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.\n`;
  const html = `<p>Hello ${escapeHtml(fullName)},</p><p>${intro}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p><p>The code is valid for ${CODE_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.</p>`;
  return { subject, text, html };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The invitation of a newly added member: a link to set a password, or (existing account) to sign in. */
export function invitationMail(o: { fullName: string; organizationName: string; link: string; newUser: boolean; days: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `You have been added to ${o.organizationName}`;
  const action = o.newUser
    ? `Set your password to sign in (the link works once, for ${o.days} days):`
    : 'Sign in with your existing account to start:';
  const text = `Hello ${o.fullName},\n\nYou have been added as a member of ${o.organizationName}.\n\n${action}\n\n    ${o.link}\n`;
  const html = `<p>Hello ${escapeHtml(o.fullName)},</p><p>You have been added as a member of ${escapeHtml(o.organizationName)}.</p><p>${action}</p><p><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p>`;
  return { subject, text, html };
}

/** The payment-method reminder to an Organization owner (spec 000 section 9: 15, 3 and 1 days before the end). */
export function paymentReminderMail(o: { fullName: string; organizationName: string; days: number; endDate: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const left = o.days === 1 ? '1 day' : `${o.days} days`;
  const subject = `Your subscription is ending soon! ${left} left`;
  const body = `The subscription of ${o.organizationName} ends on ${o.endDate} and no payment method is added. Add a payment method to keep your workspaces, projects and survey data available:`;
  const text = `Hello ${o.fullName},\n\n${body}\n\n    ${o.link}\n`;
  const html = `<p>Hello ${escapeHtml(o.fullName)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p>`;
  return { subject, text, html };
}

/** Support's answer to a ticket, to its submitter. */
export function ticketReplyMail(o: { fullName: string; subject: string; message: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `Support answered your ticket: ${o.subject.replace(/[\r\n]+/g, ' ').slice(0, 150)}`;
  const text = `Hello ${o.fullName},\n\nSupport answered your ticket "${o.subject}":\n\n${o.message}\n\nSee the whole conversation: ${o.link}\n`;
  const html = `<p>Hello ${escapeHtml(o.fullName)},</p><p>Support answered your ticket &quot;${escapeHtml(o.subject)}&quot;:</p><blockquote style="white-space:pre-wrap">${escapeHtml(o.message)}</blockquote><p><a href="${escapeHtml(o.link)}">See the whole conversation</a></p>`;
  return { subject, text, html };
}

/** To a webhook's owner, when its retries ran out and it was disabled (services/webhookDelivery.ts). */
export function webhookDisabledMail(o: { fullName: string; url: string; surveyName: string; reason: string; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `A webhook of ${o.surveyName.replace(/[\r\n]+/g, ' ').slice(0, 150)} was disabled`;
  const body = `The webhook to ${o.url} failed every attempt for 24 hours and was disabled: no more events are sent to it. Its last error: ${o.reason}`;
  const after = 'When the receiver works again, enable the webhook: the deliveries it missed are sent then. See its delivery log:';
  const text = `Hello ${o.fullName},\n\n${body}\n\n${after}\n\n    ${o.link}\n`;
  const html = `<p>Hello ${escapeHtml(o.fullName)},</p><p>${escapeHtml(body)}</p><p>${escapeHtml(after)}</p><p><a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a></p>`;
  return { subject, text, html };
}

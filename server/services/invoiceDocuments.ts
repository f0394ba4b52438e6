// Invoices as files: one PDF per invoice (pdf-lib) with the organization, period, plan, amount and
// status, and every invoice of an organization in Invoices.zip (JSZip).
import JSZip from 'jszip';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { InvoiceRow } from '../db/queries/billing';
import { formatDay, invoiceFileName } from './billing';

/** The standard PDF fonts cover Latin-1 only: other characters (an organization named in Arabic) are replaced, not dropped silently. */
const latin1 = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const money = (cents: number, currency: string) =>
  `${currency.toUpperCase() === 'USD' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;

const statusText: Record<string, string> = { paid: 'Paid', open: 'Open (not paid yet)', void: 'Void', uncollectible: 'Uncollectible' };

export async function invoicePdf(inv: InvoiceRow, organizationName: string, product = 'Field Survey'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const number = invoiceFileName(inv.number).replace(/\.pdf$/, '');
  doc.setTitle(number);
  doc.setAuthor(product);
  doc.setCreationDate(new Date(inv.created_at));
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.4, 0.4, 0.45);
  let y = 780;
  page.drawText(product, { x: 50, y, size: 20, font: bold, color: ink });
  page.drawText('INVOICE', { x: 430, y, size: 20, font: bold, color: ink });
  y -= 40;
  const row = (label: string, value: string, strong = false) => {
    page.drawText(label, { x: 50, y, size: 11, font, color: grey });
    page.drawText(latin1(value), { x: 200, y, size: 11, font: strong ? bold : font, color: ink, maxWidth: 345 });
    y -= 22;
  };
  row('Invoice number', number);
  row('Date', formatDay(new Date(inv.created_at)));
  row('Billed to', organizationName);
  y -= 10;
  page.drawLine({ start: { x: 50, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.5, color: grey });
  y -= 14;
  row(
    'Plan',
    `${inv.plan_name} (${inv.is_monthly ? 'billed monthly' : 'billed annually'})${inv.kind === 'proration' ? ', plan change (prorated)' : ''}`,
  );
  row('Period', `${formatDay(new Date(inv.period_start))} - ${formatDay(new Date(inv.period_end))}`);
  row('Amount', money(inv.amount_cents, inv.currency), true);
  row('Status', statusText[inv.status] ?? inv.status, true);
  if (inv.paid_at) row('Paid on', formatDay(new Date(inv.paid_at)));
  page.drawText('Amounts in US dollars. Thank you for your business.', { x: 50, y: 60, size: 9, font, color: grey });
  return doc.save();
}

export async function invoicesZip(invoices: readonly InvoiceRow[], organizationName: string): Promise<Buffer> {
  const zip = new JSZip();
  for (const inv of invoices) zip.file(invoiceFileName(inv.number), await invoicePdf(inv, organizationName));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

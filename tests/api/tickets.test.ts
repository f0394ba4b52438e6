// Support tickets (spec 000 sections 2, 5, 7, 8): the list with search, type filter and pages,
// one ticket with its thread and attachments, creation as multipart with the spec's limits checked on the
// server, support's answers (reply, status, e-mail to the submitter) and bulk deletion by the roles named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDetail, TicketList } from '../../schemas/tickets';
import type { Session, TestApp } from '../support/app';
import { multipart, type FilePart } from '../support/multipart';
import { pdf, png, PNG } from '../support/files';
import { demo, personas } from '../support/personas';
import { startAppWithSmtp, stopAppWithSmtp } from '../support/mailApp';
import type { SmtpPeer } from '../support/smtp';

let t: TestApp;
let smtp: SmtpPeer;
const as = personas(() => t);
beforeAll(async () => ({ t, smtp } = await startAppWithSmtp()));
afterAll(() => stopAppWithSmtp(t, smtp));

async function create(
  s: Session,
  fields: { Type?: string | undefined; Subject?: string | undefined; LastResponse?: string | undefined },
  files: FilePart[] = [],
) {
  const entries: [string, string | FilePart][] = [];
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) entries.push([k, v]);
  for (const f of files) entries.push(['Attachments', f]);
  const { payload, headers } = multipart(entries);
  return t.call<string>('POST', '/api/Tickets/createTicket', { session: s, body: payload, headers });
}
const list = (s: Session, query: Record<string, string> = {}) =>
  t.call<TicketList>('GET', '/api/Tickets/getAllTickets', { session: s, query });
const byId = (s: Session, id: string) => t.call<TicketDetail>('GET', '/api/Tickets/getTicketById', { session: s, query: { id } });
const ok = { Type: '1', Subject: 'Export stops at 80%', LastResponse: 'The CSV export of the household survey stops at 80%.' };

describe('POST /api/Tickets/createTicket', () => {
  it('creates a ticket with two attachments that come back byte for byte', async () => {
    const owner = await as(demo.owner);
    const r = await create(owner, ok, [png(), pdf()]);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Ticket created successfully!');
    const d = (await byId(owner, r.body.data)).body.data;
    expect(d).toMatchObject({
      subject: ok.Subject,
      type: 1,
      status: 'open',
      submitterEmail: demo.owner,
      lastResponse: ok.LastResponse,
      attachments: ['screen.png', 'report.pdf'],
    });
    const files = d.messages[0]!.attachments;
    expect(files.map((f) => f.fileName)).toEqual(['screen.png', 'report.pdf']);
    const got = await t.app.inject({
      method: 'GET',
      url: files[0]!.url,
      headers: { authorization: `Bearer ${owner.token}`, 'organization-id': owner.organizationId },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/attachment/);
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
  });

  it('refuses a fourth file, a type not listed, a renamed file and a file over 20MB, naming the field', async () => {
    const owner = await as(demo.owner);
    const four = await create(owner, ok, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(four.status).toBe(400);
    expect(four.body.errors.join(' ')).toMatch(/Attachments/);
    const exe = await create(owner, ok, [{ fileName: 'tool.exe', contentType: 'application/octet-stream', bytes: Buffer.from('MZ') }]);
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('Accepted file types: png, jpeg, jpg, gif, webp, xls, xlsx, docx, pdf.');
    const renamed = await create(owner, ok, [
      { fileName: 'page.png', contentType: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors.join(' ')).toMatch(/not a png file/);
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const large = await create(owner, ok, [png('big.png', big)]);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Each attachment can be at most 20MB.');
    const total = (await list(owner, { searchInput: 'Export stops' })).body.data.total;
    expect(total).toBe(1);
  });

  it('requires type, summary and description', async () => {
    const owner = await as(demo.owner);
    expect((await create(owner, { ...ok, Type: undefined })).body.errors.join(' ')).toMatch(/'Type'/);
    expect((await create(owner, { ...ok, Type: '9' })).body.errors.join(' ')).toMatch(/'Type'/);
    expect((await create(owner, { ...ok, Subject: '  ' })).body.errors.join(' ')).toMatch(/'Subject'/);
    expect((await create(owner, { ...ok, LastResponse: '' })).body.errors.join(' ')).toMatch(/'LastResponse'/);
  });

  it('is closed to a DataCollector', async () => {
    expect((await create(await as(demo.collector), ok)).status).toBe(403);
    expect((await list(await as(demo.collector))).status).toBe(403);
  });
});

describe('GET /api/Tickets/getAllTickets', () => {
  it('searches, filters by type and pages by 10', async () => {
    const guest = await as(demo.guest);
    for (let i = 0; i < 12; i++)
      expect((await create(guest, { Type: i % 2 ? '4' : '2', Subject: `Paging question ${i}`, LastResponse: `Body ${i}` })).status).toBe(
        200,
      );
    const first = (await list(guest, { searchInput: 'paging question' })).body.data;
    expect(first.total).toBe(12);
    expect(first.ticketResponses).toHaveLength(10);
    const second = (await list(guest, { searchInput: 'paging question', page: '2' })).body.data;
    expect(second.ticketResponses).toHaveLength(2);
    const features = (await list(guest, { searchInput: 'paging question', type: '4' })).body.data;
    expect(features.total).toBe(6);
    expect(features.ticketResponses.every((r) => r.type === 4)).toBe(true);
    expect((await list(guest, { type: '99' })).body.errors.join(' ')).toMatch(/type/);
  });

  it("shows managers the organization's tickets and others only their own", async () => {
    const junior = await as(demo.junior);
    await create(junior, { Type: '3', Subject: 'Junior cannot sign in on the tablet', LastResponse: 'Since Monday.' });
    const own = (await list(junior)).body.data.ticketResponses;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.submitterEmail === demo.junior)).toBe(true);
    const managerView = (await list(await as(demo.manager), { searchInput: 'Junior cannot sign in' })).body.data;
    expect(managerView.total).toBe(1);
    const other = (await list(await as(demo.other), { searchInput: 'Junior cannot sign in' })).body.data;
    expect(other.total).toBe(0);
  });
});

describe('support answers', () => {
  it('replies as support, sets the status and e-mails the submitter; the submitter follows up', async () => {
    const junior = await as(demo.junior);
    const id = (await create(junior, { Type: '1', Subject: 'Map does not load', LastResponse: 'The map stays grey.' })).body.data;
    const support = await as(demo.superAdmin);
    const r = await t.call<TicketDetail>('POST', '/api/Tickets/replyToTicket', {
      session: support,
      body: { ticketId: id, message: 'Please clear the cache and try again.' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('answered');
    expect(r.body.data.messages.map((m) => [m.fromSupport, m.body])).toEqual([
      [false, 'The map stays grey.'],
      [true, 'Please clear the cache and try again.'],
    ]);
    await expect.poll(() => smtp.mails.find((m) => m.to.includes(demo.junior) && m.raw.includes('Please clear the cache'))).toBeTruthy();

    const follow = await t.call<TicketDetail>('POST', '/api/Tickets/replyToTicket', {
      session: junior,
      body: { ticketId: id, message: 'Still grey.' },
    });
    expect(follow.body.data.status).toBe('open');
    expect(
      (await t.call('POST', '/api/Tickets/replyToTicket', { session: junior, body: { ticketId: id, message: 'x', status: 'closed' } }))
        .status,
    ).toBe(403);
    expect((await t.call('POST', '/api/Tickets/setTicketStatus', { session: junior, body: { id, status: 'closed' } })).status).toBe(403);
    expect((await t.call('POST', '/api/Tickets/setTicketStatus', { session: support, body: { id, status: 'closed' } })).status).toBe(200);
    expect((await byId(junior, id)).body.data).toMatchObject({ status: 'closed', canReply: false });
    expect(
      (await t.call('POST', '/api/Tickets/replyToTicket', { session: junior, body: { ticketId: id, message: 'Hello?' } })).status,
    ).toBe(409);
    // Another member who is not a manager neither sees nor answers it.
    expect((await byId(await as(demo.guest), id)).status).toBe(404);
  });
});

describe('DELETE /api/Tickets/deleteTickets', () => {
  it('deletes the selected rows for the roles named; others get 403; another organization gets 404', async () => {
    const guest = await as(demo.guest);
    const a = (await create(guest, { Type: '5', Subject: 'To delete A', LastResponse: 'a' }, [png()])).body.data;
    const b = (await create(guest, { Type: '5', Subject: 'To delete B', LastResponse: 'b' })).body.data;
    expect((await t.call('DELETE', '/api/Tickets/deleteTickets', { session: guest, body: [a] })).status).toBe(403);
    expect((await t.call('DELETE', '/api/Tickets/deleteTickets', { session: await as(demo.other), body: [a, b] })).status).toBe(404);
    const r = await t.call<number>('DELETE', '/api/Tickets/deleteTickets', { session: await as(demo.manager), body: [a, b] });
    expect(r.status).toBe(200);
    expect(r.body.data).toBe(2);
    expect((await byId(guest, a)).status).toBe(404);
    expect((await t.call('DELETE', '/api/Tickets/deleteTickets', { session: await as(demo.manager), body: [] })).status).toBe(400);
  });
});

describe('GET /api/Tickets/getTicketTypes', () => {
  it('lists the five types', async () => {
    const r = await t.call<{ id: number; name: string }[]>('GET', '/api/Tickets/getTicketTypes', { session: await as(demo.guest) });
    expect(r.body.data.map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

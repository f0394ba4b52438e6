// Requests the server makes to addresses its users typed (webhooks): an attacker's way into the
// machine's own network (SSRF) unless every address is checked where the connection is made. The
// host's addresses are looked up once and checked there, in the connection's own lookup, so a name
// that answers a public address to the first lookup and a private one to the second (DNS rebinding)
// still reaches only the address that was checked. Redirects are never followed, the answer is read
// up to a bound, and the whole exchange has a deadline.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses no request to a user's address may reach: this machine, private networks, link-local, ... */
const privateRanges = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv6');

/** Whether an address is this machine's, a private network's or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is checked as that IPv4 address:
  // BlockList does so itself.
  if (family === 6) return privateRanges.check(address, 'ipv6');
  return true;
}

export class OutboundRefused extends Error {}

export interface OutboundPolicy {
  /** Private and loopback addresses allowed, and plain HTTP to them (an operator's WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Tests: where names resolve; the system's resolver otherwise. */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

const systemResolve = (host: string) =>
  new Promise<LookupAddress[]>((done, fail) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? fail(err) : done(addresses))),
  );

/**
 * The reason a URL may not be sent to, or null. HTTPS only; plain HTTP only to a private address an
 * operator allowed. No credentials in the address: the signature is the receiver's proof.
 */
export function urlProblem(raw: string, policy: Pick<OutboundPolicy, 'allowPrivate'>): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not a web address';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && policy.allowPrivate)) return 'must start with https://';
  if (u.username || u.password) return 'must not carry a user name or password';
  if (!u.hostname) return 'has no host';
  return null;
}

/** The host's addresses, all of them public (or any, when allowed); refused otherwise. */
export async function checkedAddresses(url: URL, policy: OutboundPolicy): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundRefused(`The host ${host} was not found.`);
    }
  }
  if (!addresses.length) throw new OutboundRefused(`The host ${host} was not found.`);
  if (!policy.allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new OutboundRefused(`The host ${host} is on a private or local network, which webhooks may not reach.`);
  if (url.protocol === 'http:' && !addresses.every((a) => isPrivateAddress(a.address)))
    throw new OutboundRefused('Plain http:// is allowed only to private addresses; use https://.');
  return addresses;
}

export interface OutboundAnswer {
  status: number;
  /** The first bytes of the answer, as text. */
  body: string;
}

/**
 * POSTs a body to a checked address. Resolves with the answer (any status: a 3xx is not followed), or
 * rejects with OutboundRefused (the address) or the connection's error (timeout, reset, TLS).
 */
export async function postChecked(
  raw: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy & { timeoutMs: number; maxBytes: number },
): Promise<OutboundAnswer> {
  const problem = urlProblem(raw, policy);
  if (problem) throw new OutboundRefused(`The address ${problem}.`);
  const url = new URL(raw);
  const addresses = await checkedAddresses(url, policy);
  const first = addresses[0]!;
  // The connection goes to the address checked above, whatever the name resolves to by then.
  const lookup: LookupFunction = (_host, opts, done) => {
    if ((opts as { all?: boolean }).all) (done as (e: null, a: LookupAddress[]) => void)(null, [first]);
    else done(null, first.address, first.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundAnswer>((done, fail) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(policy.timeoutMs),
        // No pooled sockets: each delivery checks its address afresh.
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        res.on('data', (chunk: Buffer) => {
          if (size >= policy.maxBytes) return;
          chunks.push(chunk.subarray(0, policy.maxBytes - size));
          size += chunk.length;
          // Enough read: the rest of a huge answer is not waited for.
          if (size >= policy.maxBytes) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', fail);
      },
    );
    req.on('error', (err) =>
      fail(err.name === 'AbortError' || err.name === 'TimeoutError' ? new Error(`No answer within ${policy.timeoutMs / 1000} s.`) : err),
    );
    req.end(body);
  });
}

/**
 * IP literal parsing and the "is this a public internet address?" test used by the picture
 * fetcher. Game content is untrusted, so anything that could reach the user's own machine, LAN,
 * cloud metadata service or carrier network is refused. The test is an allow-list at heart:
 * IPv6 must be global unicast (2000::/3) outside documentation and tunnel blocks.
 */

/** Parse an IPv4 address written in any form `inet_aton` accepts: `127.1`, `0x7f.1`, `2130706433`, `017700000001`. */
export function parseIPv4Loose(text: string): Uint8Array | null {
  if (text === '' || text.length > 64) return null;
  const parts = text.endsWith('.') ? text.slice(0, -1).split('.') : text.split('.');
  if (parts.length === 0 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const part of parts) {
    const n = parseIPv4Part(part);
    if (n === null) return null;
    nums.push(n);
  }
  // Every part but the last is one byte; the last fills the remaining bytes.
  const last = nums.pop()!;
  if (nums.some((n) => n > 255)) return null;
  const lastBytes = 4 - nums.length;
  if (last >= 2 ** (8 * lastBytes)) return null;
  const out = new Uint8Array(4);
  nums.forEach((n, i) => (out[i] = n));
  for (let i = 0; i < lastBytes; i++) out[3 - i] = Math.floor(last / 2 ** (8 * i)) % 256;
  return out;
}

function parseIPv4Part(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    radix = 16;
    digits = digits.slice(2);
    if (digits === '') return 0;
    if (!/^[0-9a-f]+$/i.test(digits)) return null;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    radix = 8;
    digits = digits.slice(1);
    if (!/^[0-7]+$/.test(digits)) return null;
  } else if (!/^[0-9]+$/.test(digits)) {
    return null;
  }
  // Anything beyond 2^32 is invalid; cap the work on absurdly long digit strings.
  if (digits.length > 40) return null;
  const n = parseInt(digits, radix);
  return Number.isSafeInteger(n) && n <= 0xffffffff ? n : null;
}

/** Parse an IPv6 literal (brackets and a `%zone` are accepted and stripped) into 16 bytes. */
export function parseIPv6(text: string): Uint8Array | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (s.length < 2 || s.length > 45 || !/^[0-9a-f:.]+$/i.test(s)) return null;
  let tail: number[] = [];
  // An embedded dotted quad at the end (`::ffff:127.0.0.1`) takes the last two groups.
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = s.slice(lastColon + 1).split('.');
    if (v4.length !== 4 || !v4.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
    const b = v4.map(Number);
    tail = [(b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!];
    // Keep a "::" that precedes the quad; drop a single separating ":".
    const prefix = s.slice(0, lastColon + 1);
    s = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const toGroups = (h: string): number[] | null => {
    if (h === '') return [];
    const groups = h.split(':');
    const out: number[] = [];
    for (const g of groups) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = toGroups(halves[0]!);
  const rest = halves.length === 2 ? toGroups(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const given = head.length + rest.length + tail.length;
  let groups: number[];
  if (halves.length === 2) {
    if (given > 7) return null;
    groups = [...head, ...new Array<number>(8 - given).fill(0), ...rest, ...tail];
  } else {
    if (given !== 8) return null;
    groups = [...head, ...tail];
  }
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

/** An IPv4 range as [first byte pattern, prefix bits, why it is not public]. */
type V4Range = readonly [readonly [number, number, number, number], number, string];

/** Non-public IPv4 blocks (IANA special-purpose registry), each with the reason it is refused. */
const NON_PUBLIC_V4: readonly V4Range[] = [
  [[0, 0, 0, 0], 8, '"this network" (0.0.0.0/8)'],
  [[10, 0, 0, 0], 8, 'a private network address (10.0.0.0/8)'],
  [[100, 64, 0, 0], 10, 'a carrier-grade NAT address (100.64.0.0/10)'],
  [[127, 0, 0, 0], 8, 'a loopback address (127.0.0.0/8)'],
  [[169, 254, 0, 0], 16, 'a link-local address (169.254.0.0/16, cloud metadata lives here)'],
  [[172, 16, 0, 0], 12, 'a private network address (172.16.0.0/12)'],
  [[192, 0, 0, 0], 24, 'an IETF protocol address (192.0.0.0/24)'],
  [[192, 0, 2, 0], 24, 'a documentation address (192.0.2.0/24)'],
  [[192, 88, 99, 0], 24, 'a 6to4 relay address (192.88.99.0/24)'],
  [[192, 168, 0, 0], 16, 'a private network address (192.168.0.0/16)'],
  [[198, 18, 0, 0], 15, 'a benchmarking address (198.18.0.0/15)'],
  [[198, 51, 100, 0], 24, 'a documentation address (198.51.100.0/24)'],
  [[203, 0, 113, 0], 24, 'a documentation address (203.0.113.0/24)'],
  [[224, 0, 0, 0], 4, 'a multicast address (224.0.0.0/4)'],
  [[240, 0, 0, 0], 4, 'a reserved address (240.0.0.0/4, incl. broadcast 255.255.255.255)'],
];

function inPrefix(bytes: Uint8Array, base: ArrayLike<number>, bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i / 8]! & mask) !== (base[i / 8]! & mask)) return false;
  }
  return true;
}

/** Why an IPv4 address is not public, or null when it is. */
export function nonPublicReasonV4(bytes: Uint8Array): string | null {
  for (const [base, bits, why] of NON_PUBLIC_V4) if (inPrefix(bytes, base, bits)) return why;
  return null;
}

const V6 = (text: string): Uint8Array => parseIPv6(text)!;
/** IPv6 blocks that carry an IPv4 address in their last 32 bits: judged by that address. */
const V4_EMBEDDING_V6: ReadonlyArray<readonly [Uint8Array, number, string]> = [
  [V6('::ffff:0:0'), 96, 'IPv4-mapped'],
  [V6('64:ff9b::'), 96, 'NAT64'],
];

/** Why an IPv6 address is not public, or null when it is. */
export function nonPublicReasonV6(bytes: Uint8Array): string | null {
  for (const [base, bits, kind] of V4_EMBEDDING_V6) {
    if (inPrefix(bytes, base, bits)) {
      const v4 = bytes.slice(12);
      const why = nonPublicReasonV4(v4);
      return why ? `an ${kind} IPv6 address embedding ${[...v4].join('.')}, ${why}` : null;
    }
  }
  if (bytes.every((b) => b === 0)) return 'the unspecified address (::)';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'the IPv6 loopback address (::1)';
  if (inPrefix(bytes, V6('fc00::'), 7)) return 'a unique-local IPv6 address (fc00::/7)';
  if (inPrefix(bytes, V6('fe80::'), 10)) return 'a link-local IPv6 address (fe80::/10)';
  if (inPrefix(bytes, V6('fec0::'), 10)) return 'a site-local IPv6 address (fec0::/10)';
  if (inPrefix(bytes, V6('ff00::'), 8)) return 'a multicast IPv6 address (ff00::/8)';
  if (inPrefix(bytes, V6('2002::'), 16)) {
    // 6to4 carries the IPv4 address in bits 16–48.
    const v4 = bytes.slice(2, 6);
    const why = nonPublicReasonV4(v4);
    return why ? `a 6to4 IPv6 address embedding ${[...v4].join('.')}, ${why}` : null;
  }
  if (inPrefix(bytes, V6('2001:db8::'), 32)) return 'a documentation IPv6 address (2001:db8::/32)';
  if (inPrefix(bytes, V6('3fff::'), 20)) return 'a documentation IPv6 address (3fff::/20)';
  // Teredo (2001::/32), ORCHID, benchmarking and other IETF assignments all sit in 2001::/23.
  if (inPrefix(bytes, V6('2001::'), 23)) return 'an IETF special-purpose IPv6 address (2001::/23, incl. Teredo)';
  if (!inPrefix(bytes, V6('2000::'), 3)) return 'an IPv6 address outside global unicast (2000::/3)';
  return null;
}

/** A parsed IP literal. */
export interface IpLiteral {
  family: 4 | 6;
  bytes: Uint8Array;
  /** Canonical text: dotted quad, or the bracket-free IPv6 form as given. */
  text: string;
}

/** Recognise an IP literal in a URL host (IPv4 in any numeric form, or bracketed/bare IPv6). */
export function parseIpLiteral(host: string): IpLiteral | null {
  const v4 = parseIPv4Loose(host);
  if (v4) return { family: 4, bytes: v4, text: [...v4].join('.') };
  if (host.includes(':')) {
    const v6 = parseIPv6(host);
    if (v6) return { family: 6, bytes: v6, text: host.replace(/^\[|\]$/g, '') };
  }
  return null;
}

/**
 * Why an address is not a public internet address, or null when it is public.
 *
 * @example
 * ```ts
 * nonPublicReason('10.1.2.3');   // 'a private network address (10.0.0.0/8)'
 * nonPublicReason('0x7f.1');     // loopback
 * nonPublicReason('93.184.216.34'); // null
 * ```
 */
export function nonPublicReason(address: string): string | null {
  const ip = parseIpLiteral(address);
  if (!ip) return `"${address}" is not an IP address`;
  return ip.family === 4 ? nonPublicReasonV4(ip.bytes) : nonPublicReasonV6(ip.bytes);
}

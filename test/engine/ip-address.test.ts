import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonPublicReason, parseIPv4Loose, parseIPv6 } from '../../src/engine/net/ip-address.js';

const octet = fc.integer({ min: 0, max: 255 });

/** Every textual form inet_aton accepts for the same 32-bit value. */
function spellings(a: number, b: number, c: number, d: number): string[] {
  const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  return [
    `${a}.${b}.${c}.${d}`,
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    `${a}.${(b << 16) + (c << 8) + d}`,
    `${a}.${b}.${(c << 8) + d}`,
    `0x${a.toString(16)}.${b}.${c}.0${d.toString(8)}`,
  ];
}

describe('IPv4 parsing', () => {
  it('every spelling of an address parses to the same bytes', () => {
    fc.assert(
      fc.property(octet, octet, octet, octet, (a, b, c, d) => {
        for (const s of spellings(a, b, c, d)) expect([...parseIPv4Loose(s)!]).toEqual([a, b, c, d]);
      }),
    );
  });

  it('every spelling of a loopback, private or link-local address is refused', () => {
    const hostile = fc.oneof(
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
      fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet),
    );
    fc.assert(
      fc.property(hostile, ([a, b, c, d]) => {
        for (const s of spellings(a, b, c, d)) expect(nonPublicReason(s)).not.toBeNull();
      }),
    );
  });

  it('rejects malformed text instead of throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const out = parseIPv4Loose(s);
        expect(out === null || out.length === 4).toBe(true);
      }),
    );
    expect(parseIPv4Loose('256.1.1.1')).toBeNull();
    expect(parseIPv4Loose('1.2.3.4.5')).toBeNull();
    expect(parseIPv4Loose('4294967296')).toBeNull();
    expect(parseIPv4Loose('08.1.1.1')).toBeNull();
  });

  it('public addresses pass', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '64:ff9b::808:808']) {
      expect(nonPublicReason(ip)).toBeNull();
    }
  });
});

describe('IPv6 parsing', () => {
  it('round-trips every full-form address', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (groups) => {
        const bytes = parseIPv6(groups.map((g) => g.toString(16)).join(':'))!;
        const back = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
        expect(back).toEqual(groups);
      }),
    );
  });

  it('IPv4 embedded in mapped and NAT64 forms is judged by the IPv4 address', () => {
    fc.assert(
      fc.property(octet, octet, octet, (b, c, d) => {
        expect(nonPublicReason(`::ffff:127.${b}.${c}.${d}`)).toMatch(/loopback/);
        expect(nonPublicReason(`64:ff9b::10.${b}.${c}.${d}`)).toMatch(/private/);
      }),
    );
  });

  it('refuses the special IPv6 blocks', () => {
    for (const ip of ['::1', '::', 'fc00::1', 'fdff::1', 'fe80::1%eth0', 'ff02::1', '2001:db8::1', '2001::1', '::ffff:7f00:1', '2002:0a00:0001::1', '::127.0.0.1']) {
      expect(nonPublicReason(ip)).not.toBeNull();
    }
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const out = parseIPv6(s);
        expect(out === null || out.length === 16).toBe(true);
      }),
    );
  });
});

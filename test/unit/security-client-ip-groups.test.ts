import { describe, expect, it, vi } from 'vitest';
import {
  isPrivateAddress,
  PROXY_HINT_AFTER,
  proxyHint,
  proxyHintMessage,
  rateLimitKey,
} from '@/lib/security/client-ip';

describe('rateLimitKey: IPv6 clients are grouped by their /64', () => {
  it('every address of one /64 is one key', () => {
    const key = rateLimitKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0099',
      '2001:DB8:1:2:a:b:c:d',
      '[2001:db8:1:2::42]:443',
      '2001:db8:1:2::7%eth0',
    ]) {
      expect(rateLimitKey(address), address).toBe(key);
    }
  });

  it('another /64 is another key', () => {
    expect(rateLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'));
  });

  it('IPv4, and IPv4-mapped IPv6 in either spelling, is the IPv4 address itself', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(rateLimitKey('203.0.113.8')).not.toBe(rateLimitKey('203.0.113.7'));
  });

  it('what is not an address stays as it is', () => {
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});

describe('isPrivateAddress', () => {
  it('RFC 1918 and IPv6 unique-local addresses', () => {
    for (const address of [
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.20',
      '::ffff:10.1.2.3',
      'fd12:3456:789a::1',
      'fc00::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('not loopback, public addresses or names', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '203.0.113.7',
      '172.32.0.1',
      '2001:db8::1',
      'unknown',
      '',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe('proxyHint: one warning when every request comes from a private peer', () => {
  it('warns once, after PROXY_HINT_AFTER private peers in a row, never again', () => {
    const watch = proxyHint();
    const answers = Array.from({ length: PROXY_HINT_AFTER * 3 }, () => watch('10.0.0.5'));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(answers.indexOf(true)).toBe(PROXY_HINT_AFTER - 1);
  });

  it('a public or loopback peer starts the count again; a store on the internet never warns', () => {
    const watch = proxyHint(3);
    expect([watch('10.0.0.5'), watch('10.0.0.5'), watch('203.0.113.7')]).toEqual([
      false,
      false,
      false,
    ]);
    expect([watch('10.0.0.5'), watch('127.0.0.1'), watch(null)]).toEqual([false, false, false]);
    const internet = proxyHint(3);
    const peers = ['203.0.113.7', '198.51.100.2', '2001:db8::1', '10.0.0.5', '203.0.113.9'];
    expect(peers.map((peer) => internet(peer)).some(Boolean)).toBe(false);
  });

  it('the message says what to set', () => {
    expect(proxyHintMessage('10.0.0.5')).toMatch(/proxy seems to be in front/);
    expect(proxyHintMessage('10.0.0.5')).toMatch(/TRUSTED_PROXY_HOPS=1/);
  });
});

describe('clientIp (lib/security): the key and the warning, as the rate limits use them', () => {
  it('groups an IPv6 client by /64 and warns once with TRUSTED_PROXY_HOPS=0 and private peers', async () => {
    vi.resetModules();
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    vi.stubEnv('VERCEL', '');
    const { logger } = await import('@/lib/core/log');
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    try {
      const { clientIp } = await import('@/lib/security');
      const at = (xff: string) =>
        clientIp(
          new Request('http://127.0.0.1:3000/api/contact', { headers: { 'x-forwarded-for': xff } }),
        );
      expect(at('2001:db8:1:2::1')).toBe(at('2001:db8:1:2:9:9:9:9'));
      expect(at('::ffff:203.0.113.7')).toBe('203.0.113.7');
      expect(warn).not.toHaveBeenCalled();
      for (let i = 0; i < PROXY_HINT_AFTER * 2; i++) at(`1.2.3.4, 10.0.0.${i % 3}`);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/TRUSTED_PROXY_HOPS/);
    } finally {
      warn.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});

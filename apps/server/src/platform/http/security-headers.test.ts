import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('answers the headers helmet sets, with our policy', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: true, directives: { 'img-src': ["'self'", 'data:'] } },
      strictTransportSecurity: false,
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('refuses an invalid policy at start rather than per request', () => {
    expect(() =>
      securityHeaders({ crossOriginResourcePolicy: { policy: 'nowhere' as 'same-origin' } }),
    ).toThrow();
  });
});

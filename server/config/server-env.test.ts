import { describe, expect, it } from 'vitest';
import { readServerEnv } from './server-env.ts';

describe('API_RATE_LIMIT_REQUESTS_PER_IP', () => {
  it('is unset by default and when blank (the AI quota then uses twice the per-user limit)', () => {
    expect(readServerEnv({}).API_RATE_LIMIT_REQUESTS_PER_IP).toBeUndefined();
    expect(
      readServerEnv({ API_RATE_LIMIT_REQUESTS_PER_IP: '  ' }).API_RATE_LIMIT_REQUESTS_PER_IP,
    ).toBeUndefined();
  });

  it('reads a positive integer and refuses anything else', () => {
    expect(readServerEnv({ API_RATE_LIMIT_REQUESTS_PER_IP: '45' }).API_RATE_LIMIT_REQUESTS_PER_IP).toBe(45);
    for (const value of ['0', '-3', '1.5', 'many'])
      expect(() => readServerEnv({ API_RATE_LIMIT_REQUESTS_PER_IP: value })).toThrow(
        /API_RATE_LIMIT_REQUESTS_PER_IP/,
      );
  });
});

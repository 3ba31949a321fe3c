import { describe, expect, it } from 'vitest';
import { linkedinScopesOf, readLinkedInConfig } from './linkedin-config.ts';

const app = {
  LINKEDIN_CLIENT_ID: 'client',
  LINKEDIN_CLIENT_SECRET: 'secret',
  LINKEDIN_REDIRECT_URL: 'https://app.test/linkedin/callback',
  LINKEDIN_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64'),
};

describe('LINKEDIN_POST_ANALYTICS', () => {
  it('is off unless the operator says their app has the analytics permission', () => {
    const plain = readLinkedInConfig(app).config!;
    expect(plain.postAnalytics).toBe(false);
    expect(linkedinScopesOf(plain)).toBe('openid profile w_member_social');
    const withIt = readLinkedInConfig({ ...app, LINKEDIN_POST_ANALYTICS: 'TRUE' }).config!;
    expect(withIt.postAnalytics).toBe(true);
    expect(linkedinScopesOf(withIt)).toBe('openid profile w_member_social r_member_postAnalytics');
    expect(readLinkedInConfig({ ...app, LINKEDIN_POST_ANALYTICS: 'false' }).config?.postAnalytics).toBe(
      false,
    );
  });

  it('names a value that is neither true nor false, instead of guessing', () => {
    expect(readLinkedInConfig({ ...app, LINKEDIN_POST_ANALYTICS: 'yes' })).toEqual({
      config: null,
      missing: ['LINKEDIN_POST_ANALYTICS (true or false)'],
    });
  });
});

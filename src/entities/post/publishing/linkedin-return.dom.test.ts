import { afterEach, describe, expect, it } from 'vitest';
import { keepLinkedInReturn, linkedinReturnParams } from './linkedin-return';

describe('keepLinkedInReturn', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("sets LinkedIn's code and state aside on /linkedin/callback and takes them out of the address", () => {
    window.history.replaceState({ kept: true }, '', '/linkedin/callback?code=AQT-code&state=s-123#top');
    keepLinkedInReturn();
    expect(linkedinReturnParams()?.get('code')).toBe('AQT-code');
    expect(linkedinReturnParams()?.get('state')).toBe('s-123');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/linkedin/callback#top',
    );
    expect(window.history.state).toEqual({ kept: true });
  });

  it('keeps an error LinkedIn sent back too', () => {
    window.history.replaceState(null, '', '/linkedin/callback?error=user_cancelled_authorize&state=s-9');
    keepLinkedInReturn();
    expect(linkedinReturnParams()?.get('error')).toBe('user_cancelled_authorize');
    expect(window.location.search).toBe('');
  });

  it("leaves every other address alone, a Supabase email link's code included", () => {
    window.history.replaceState(null, '', '/linkedin/callback?state=first&code=one');
    keepLinkedInReturn();
    window.history.replaceState(null, '', '/?code=supabase-pkce-code');
    keepLinkedInReturn();
    expect(window.location.search).toBe('?code=supabase-pkce-code');
    expect(linkedinReturnParams()?.get('code')).toBe('one');
    window.history.replaceState(null, '', '/settings?state=s-2&code=elsewhere');
    keepLinkedInReturn();
    expect(window.location.search).toBe('?state=s-2&code=elsewhere');
    expect(linkedinReturnParams()?.get('code')).toBe('one');
    window.history.replaceState(null, '', '/linkedin/callback?code=no-state');
    keepLinkedInReturn();
    expect(window.location.search).toBe('?code=no-state');
  });
});

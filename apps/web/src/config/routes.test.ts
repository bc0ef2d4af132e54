import { describe, expect, it } from 'vitest';
import { isPublicPath, landingPathFor } from './routes.ts';

describe('landingPathFor', () => {
  it('honours next inside the user area only', () => {
    expect(landingPathFor('CLIENT', '/client/friends?lineAccountId=3')).toBe(
      '/client/friends?lineAccountId=3',
    );
    expect(landingPathFor('CLIENT', '/master/clients')).toBe('/client');
    expect(landingPathFor('CLIENT', '/clientele')).toBe('/client');
    expect(landingPathFor('MASTER', '//evil.example/master')).toBe('/master');
    expect(landingPathFor('AGENCY', null)).toBe('/agency');
    expect(landingPathFor('MASTER', '/dev/mailbox')).toBe('/dev/mailbox');
    expect(landingPathFor('CLIENT', '/dev/mailbox')).toBe('/client');
  });

  it('knows the public pages', () => {
    expect(isPublicPath('/password/reset/confirm')).toBe(true);
    expect(isPublicPath('/signup')).toBe(true);
    expect(isPublicPath('/email-change/cancel')).toBe(true);
    expect(isPublicPath('/client')).toBe(false);
    expect(isPublicPath('/dev/mailbox')).toBe(false);
    expect(isPublicPath('/loginx')).toBe(false);
  });
});

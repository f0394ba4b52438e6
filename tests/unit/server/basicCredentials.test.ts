// The Authorization header of ODK Collect with a member's own account (HTTP Basic, RFC 7617): what is
// read from it, and what is no credential at all.
import { describe, expect, it } from 'vitest';
import { basicCredentials } from '../../../server/services/openrosaMembers';

const header = (pair: string) => `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;

describe('basicCredentials', () => {
  it('reads the e-mail (trimmed, lower case) and the password as sent, colons included', () => {
    expect(basicCredentials(header(' Manager@Demo.test:pa:ss word'))).toEqual({ email: 'manager@demo.test', password: 'pa:ss word' });
    expect(basicCredentials(header('amina@relief.test:Pässwört-2026'))).toEqual({ email: 'amina@relief.test', password: 'Pässwört-2026' });
    expect(basicCredentials(`basic ${Buffer.from('a@b.test:x').toString('base64')}`)).toEqual({ email: 'a@b.test', password: 'x' });
  });

  it('is no credential without the scheme, without a user, with characters base64 lacks, or past its length', () => {
    expect(basicCredentials(undefined)).toBeUndefined();
    expect(basicCredentials('')).toBeUndefined();
    expect(basicCredentials('Bearer abc')).toBeUndefined();
    expect(basicCredentials(header(':password'))).toBeUndefined();
    expect(basicCredentials(header('no-colon'))).toBeUndefined();
    expect(basicCredentials('Basic not*base64')).toBeUndefined();
    expect(basicCredentials(header(`a@b.test:${'x'.repeat(2000)}`))).toBeUndefined();
  });
});

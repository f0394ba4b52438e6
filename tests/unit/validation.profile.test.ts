// The Organization Management dialogs' rules (spec 001 section 5 "Change password", "Profile dialog").
import { describe, expect, it } from 'vitest';
import { validatePasswordChange, validateProfile } from '../../engine/validation/profile';

describe('validatePasswordChange', () => {
  it('asks for each of the three passwords', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'oldRequired',
      newPassword: 'newRequired',
      confirmPassword: 'confirmRequired',
    });
  });
  it('wants the confirmation equal to the new password', () => {
    expect(validatePasswordChange({ oldPassword: 'a', newPassword: 'Next-2026!', confirmPassword: 'Next-2025!' })).toEqual({
      confirmPassword: 'mismatch',
    });
    expect(validatePasswordChange({ oldPassword: 'a', newPassword: 'Next-2026!', confirmPassword: 'Next-2026!' })).toEqual({});
  });
});

describe('validateProfile', () => {
  const full = {
    userFullName: 'Olivia',
    userPhoneNumber: '+254712345678',
    userRoleWithinOrganization: 'Director',
    organizationTypeId: 1,
    organizationName: 'Relief',
    organizationCountryId: 2,
  };
  it('requires every field with its own message; blank text counts as missing', () => {
    expect(
      validateProfile(
        {
          userFullName: ' ',
          userPhoneNumber: '',
          userRoleWithinOrganization: '',
          organizationTypeId: null,
          organizationName: '',
          organizationCountryId: null,
        },
        () => true,
      ),
    ).toEqual({
      userFullName: 'fullNameRequired',
      userPhoneNumber: 'phoneRequired',
      userRoleWithinOrganization: 'roleRequired',
      organizationTypeId: 'typeRequired',
      organizationName: 'organizationNameRequired',
      organizationCountryId: 'countryRequired',
    });
  });
  it('checks the phone number once given', () => {
    expect(validateProfile({ ...full, userPhoneNumber: '12' }, (p) => p.length > 5)).toEqual({ userPhoneNumber: 'phoneInvalid' });
    expect(validateProfile(full, () => true)).toEqual({});
  });
});

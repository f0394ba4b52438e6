// The member forms' rules (spec 001 section 5) and the role options per page.
import { describe, expect, it } from 'vitest';
import { validateMember } from '../../engine/validation/member';
import { roleOptionsFor } from '../../schemas/members';

const full = {
  fullName: 'Amina Field',
  email: 'amina@demo.test',
  roleId: 7,
  languages: [1],
  locationId: 1,
  gender: 1,
  workspaceIds: ['w'],
};

describe('validateMember', () => {
  it('asks for every field with the spec message on the admin page', () => {
    expect(validateMember({}, { mode: 'add', workspaces: true, roleFixed: false })).toEqual({
      fullName: 'fullNameRequired',
      email: 'emailRequired',
      languages: 'languagesRequired',
      gender: 'genderRequired',
      locationId: 'locationRequired',
      workspaceIds: 'workspacesRequired',
      roleId: 'roleRequired',
    });
  });

  it('checks the e-mail shape: a letter first, a top-level part of two letters', () => {
    for (const email of ['1a@b.co', 'a@b.c', 'ab.co', 'a b@c.de'])
      expect(validateMember({ ...full, email }, { mode: 'add', workspaces: false, roleFixed: false }).email).toBe('emailInvalid');
    expect(validateMember(full, { mode: 'add', workspaces: true, roleFixed: false })).toEqual({});
  });

  it('needs no workspace off the admin page, no role on the enumerators page, and no e-mail when editing', () => {
    const { workspaceIds: _w, roleId: _r, email: _e, ...rest } = full;
    expect(validateMember(rest, { mode: 'edit', workspaces: false, roleFixed: true })).toEqual({});
    expect(validateMember({ ...rest, fullName: ' ' }, { mode: 'edit', workspaces: false, roleFixed: true })).toEqual({
      fullName: 'fullNameEditRequired',
    });
  });
});

describe('roleOptionsFor', () => {
  it('offers the roles of the spec per page and caller', () => {
    expect(roleOptionsFor('admin', ['Organization'])).toEqual(['SeniorProjectManager', 'ProjectManager', 'Guest']);
    expect(roleOptionsFor('project', ['SeniorProjectManager'])).toEqual(['DataCollector', 'JuniorProjectManager', 'ProjectManager']);
    expect(roleOptionsFor('project', ['ProjectManager'])).toEqual(['DataCollector', 'JuniorProjectManager']);
    expect(roleOptionsFor('project', ['JuniorProjectManager'])).toEqual(['DataCollector']);
    expect(roleOptionsFor('enumerators', ['ProjectManager'])).toEqual(['DataCollector']);
    expect(roleOptionsFor('project', ['Guest'])).toEqual([]);
  });
});

describe('readMemberRows (bulk upload)', () => {
  const lookups = {
    roles: new Map([
      ['DataCollector', 7],
      ['JuniorProjectManager', 6],
    ]),
    languages: [
      { id: 1, name: 'English', code: 'en' },
      { id: 2, name: 'Swahili', code: 'sw' },
    ],
    countries: [
      { id: 10, name: 'Kenya', code: 'KE' },
      { id: 11, name: 'South Sudan', code: 'SS' },
    ],
  };
  it('turns good rows into payloads and says why each other row is dropped', async () => {
    const { readMemberRows } = await import('../../engine/validation/memberRows');
    const r = readMemberRows(
      [
        ['Amina Field', 'amina@demo.test', 'Female', 'DataCollector', 'English, Swahili', 'south sudan'],
        ['Bad Role', 'b@demo.test', 'Male', 'Organization', 'English', 'Kenya'],
        ['Bad Lang', 'c@demo.test', 'Male', 'DataCollector', 'English, Klingon', 'Kenya'],
        ['Bad Place', 'd@demo.test', 'Other', 'DataCollector', 'English', 'Atlantis'],
        ['', '', '', '', '', ''],
        ['Again', 'AMINA@demo.test', 'Female', 'DataCollector', 'en', 'KE'],
        ['', 'not-an-email', 'Robot', 'DataCollector', 'English', 'Kenya'],
      ],
      lookups,
    );
    expect(r.rows).toEqual([
      { row: 2, fullName: 'Amina Field', email: 'amina@demo.test', gender: 1, roleId: 7, languages: [1, 2], locationId: 11 },
    ]);
    expect(r.dropped).toEqual([
      { row: 3, email: 'b@demo.test', reasons: ['role'] },
      { row: 4, email: 'c@demo.test', reasons: ['language'] },
      { row: 5, email: 'd@demo.test', reasons: ['location'] },
      { row: 7, email: 'AMINA@demo.test', reasons: ['duplicateEmail'] },
      { row: 8, email: 'not-an-email', reasons: ['fullName', 'email', 'gender'] },
    ]);
  });
});

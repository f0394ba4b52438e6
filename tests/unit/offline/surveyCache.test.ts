// The page side of "a survey opened once works offline": which media a survey names, its fingerprint,
// and whether the server's survey is still the one on screen after a stretch offline.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { fingerprint, mediaUrlsOf } from '../../../src/offline/surveyCache';
import { surveyChanged } from '../../../src/offline/surveyRefresh';

let db: OfflineDb;
let n = 0;
const URL_ = '/api/Survey/GetPreviewData?surveyId=s1';
const envelope = (name: string) => JSON.stringify({ isSuccess: true, data: { id: 's1', name }, message: '', errors: [] });

beforeEach(() => {
  db = openOfflineDb(`cache-test-${++n}`, { indexedDB, IDBKeyRange });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

describe('media of a survey', () => {
  it('finds image and sound paths anywhere in the data, once each, and nothing else', () => {
    const data = {
      items: [
        { image: '/api/FileData/getFile?key=a.png' },
        { choices: [{ media: 'https://files.example.org/cow.JPG' }, { media: '/media/moo.mp3' }] },
      ],
      label: 'see photo.png for details',
      again: '/api/FileData/getFile?key=a.png',
    };
    expect(mediaUrlsOf(data, 'https://app.example.org')).toEqual([
      'https://app.example.org/api/FileData/getFile?key=a.png',
      'https://files.example.org/cow.JPG',
      'https://app.example.org/media/moo.mp3',
    ]);
  });
});

describe('has the survey changed?', () => {
  it('is the same fingerprint for the same text, another for another', async () => {
    expect(await fingerprint(envelope('a'))).toBe(await fingerprint(envelope('a')));
    expect(await fingerprint(envelope('a'))).not.toBe(await fingerprint(envelope('b')));
  });

  it('answers true once when the server brings another version, and remembers it', async () => {
    await db.surveys.put({
      surveyId: 's1',
      title: 'Demo',
      path: '/public-survey/x/s1',
      cachedAt: 1,
      version: await fingerprint(envelope('old')),
    });
    vi.stubGlobal('fetch', async () => new Response(envelope('new')));
    expect(await surveyChanged(db, 's1', URL_)).toBe(true);
    expect(await surveyChanged(db, 's1', URL_)).toBe(false);
  });

  it('says nothing when the server cannot be asked, refuses, or the survey was never kept', async () => {
    await db.surveys.put({ surveyId: 's1', title: 'Demo', path: '/', cachedAt: 1, version: 'v' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await surveyChanged(db, 's1', URL_)).toBe(false);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ isSuccess: false }), { status: 404 }));
    expect(await surveyChanged(db, 's1', URL_)).toBe(false);
    expect(await surveyChanged(db, 'other', URL_)).toBe(false);
  });
});

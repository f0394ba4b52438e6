// @vitest-environment jsdom
// A stored submission shown read-only: answers decoded from the server's answer list, stored files
// previewed from their links with a loading state first.
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSurvey, encodeAnswers, q, survey } from '../../../engine/survey/index';
import { StoredSubmission } from '../../../src/pages/fill/StoredSubmission';
import { ensureParser } from '../../../src/expression/syntax';
import { mount, question } from '../widgets/support';

// In the browser the page loads the parser first (a spinner meanwhile); here it is loaded before.
beforeAll(() => ensureParser());

describe('StoredSubmission', () => {
  it('shows the stored answers read-only, files from their links', async () => {
    const model = survey(
      q.text('name').label('Name'),
      q.integer('age').label('Age').relevant("${name} = 'x'"),
      q.image('photo').label('Photo'),
    );
    const b = compileSurvey(model).bindings;
    const { answers } = encodeAnswers(b, { name: 'Amina', age: 40 }, { surveyId: model.id, userId: null });
    // A stored file travels as its path.
    const photo = b.byName.get('photo')!;
    answers.push({
      surveyId: model.id,
      userId: null,
      questionId: photo.id,
      name: 'photo',
      answerDetail: { questionType: 106, filePaths: [{ filePath: 'org/2026/abc.jpg' }] },
    });
    let release: (url: string) => void = () => undefined;
    const fileUrl = (path: string) => new Promise<string>((resolve) => (release = (base) => resolve(`${base}/${path}`)));
    const m = mount(<StoredSubmission survey={model} answers={answers} fileUrl={fileUrl} />);
    expect(question(m.container, 'name').querySelector('textarea')!.value).toBe('Amina');
    expect(question(m.container, 'name').querySelector('textarea')!.readOnly).toBe(true);
    // Shown although its rule is false: it was answered.
    expect(question(m.container, 'age').querySelector('input')!.value).toBe('40');
    expect(question(m.container, 'photo').querySelector('[data-testid="file-loading"]')).not.toBeNull();
    await act(async () => release('https://files.example'));
    expect(question(m.container, 'photo').querySelector('img')!.getAttribute('src')).toBe('https://files.example/org/2026/abc.jpg');
    expect(question(m.container, 'photo').querySelector('input[type=file]')).toBeNull();
    m.unmount();
  });
});

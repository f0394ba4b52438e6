// Every text the validator gives. The spec's texts verbatim (spec 001 sections 5 and 8); where the spec
// names a rule but no text (types and ranges), our wording, kept here in one place.

/** Submit-level errors, spec 001 section 5 "Submit and draft rules". */
export const SUBMIT_MESSAGES = {
  noAnswer: 'Error: Please provide at least one piece of information before submitting.',
  noDraftAnswer: 'Error: Please provide at least one piece of information before saving a draft.',
  required: 'Error: Please make sure you have filled all the required fields.',
  maxChoices: 'Error: You have exceeded the maximum number of choices allowed. Please provide the correct answers.',
  constraints: 'Error: Please check the constraints of the questions and provide the correct answers.',
} as const;

export const FIELD_MESSAGES = {
  /** The constraint failed and the question gives no message of its own (ODK Collect's wording). */
  constraint: 'Sorry, this response is invalid.',
  expression: 'Error evaluating xlsform fields',
  choiceFilter: 'Error evaluating choice filter',
  invalidChoice: 'Please choose one of the offered options.',
  text: 'Please enter text.',
  textTooLong: 'Please enter at most 30000 characters.',
  digitsOnly: 'Please enter digits only.',
  integer: 'Please enter a whole number.',
  number: 'Please enter a number.',
  decimalMin: 'Please enter a number of at least 0.',
  date: 'Please enter a valid date (YYYY-MM-DD).',
  monthYear: 'Please choose a month and a year.',
  time: 'Please enter a valid time (HH:mm).',
  dateTime: 'Please enter a valid date and time.',
  phone: 'Invalid phone number',
  geopoint: 'Please capture a valid location.',
  geotrace: 'Please record a line of at least 2 valid points.',
  geoshape: 'Please record a closed shape of at least 3 valid points.',
  fileType: 'File type not allowed or potentially harmful.',
  fileSize: 'File size exceeds the 5MB limit.',
  file: 'Please attach the file again.',
  acknowledge: 'Please acknowledge.',
  ranking: 'All rankings must be selected',
  maxChoices: (n: number): string => `You can select up to ${n} choices.`,
  range: (lo: number, hi: number, step: number): string =>
    step === 1 ? `Please choose a value between ${lo} and ${hi}.` : `Please choose a value between ${lo} and ${hi} in steps of ${step}.`,
} as const;

export type IssueKind = 'required' | 'ranking' | 'maxChoices' | 'constraint' | 'invalid' | 'choice' | 'file' | 'expression';

/** Which submit-level text an issue of each kind leads to. */
export const SUBMIT_MESSAGE_OF: Record<IssueKind, keyof typeof SUBMIT_MESSAGES> = {
  required: 'required',
  ranking: 'required',
  maxChoices: 'maxChoices',
  constraint: 'constraints',
  invalid: 'constraints',
  choice: 'constraints',
  file: 'constraints',
  expression: 'constraints',
};

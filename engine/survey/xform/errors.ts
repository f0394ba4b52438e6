// What stops a survey from becoming an XForm, by a stable code.
export type XFormErrorCode = 'unknownReference' | 'ambiguousReference' | 'unknownType';

export class XFormError extends Error {
  constructor(
    readonly code: XFormErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'XFormError';
  }
}

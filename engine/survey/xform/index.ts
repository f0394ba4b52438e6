// The survey as an ODK XForm: see README.md.
export { xformOf, type XFormOptions } from './xform';
export { XFormError, type XFormErrorCode } from './errors';
export { readInstance, type InstanceElement, type ReadInstance } from './instance';

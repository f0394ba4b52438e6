// The catalogue of API problems: stable code, HTTP status and the product's message (the spec's texts
// verbatim where the spec gives one). The server throws these; the front end translates by code.
export const problems = {
  validation: { status: 400, message: 'One or more validation errors occurred.' },
  invalidJson: { status: 400, message: 'The request body is not valid JSON.' },
  payloadTooLarge: { status: 413, message: 'The request is too large.' },
  uriTooLong: { status: 414, message: 'The address of the request is too long.' },
  headersTooLarge: { status: 431, message: 'The request headers are too large.' },
  badRequest: { status: 400, message: 'The request could not be read.' },
  requestTimeout: { status: 408, message: 'The request took too long to arrive.' },
  unauthorized: { status: 401, message: 'Your session has expired. Please sign in again.' },
  forbidden: { status: 403, message: "You don't have access to see this page." },
  organizationRequired: { status: 403, message: 'Please choose an organization first.' },
  organizationForbidden: { status: 403, message: 'You are not a member of this organization.' },
  notFound: { status: 404, message: 'The requested resource is not found' },
  routeNotFound: { status: 404, message: 'Nothing left to do here.' },
  conflict: { status: 409, message: 'This was already done with different data.' },
  tooManyRequests: { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  internal: { status: 500, message: 'Something went wrong! Please try again later.' },
  serviceUnavailable: { status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' },

  botCheckRequired: { status: 400, message: 'Please complete the bot check.' },
  botCheckFailed: { status: 400, message: 'The bot check failed. Please try again.' },

  invalidLogin: { status: 400, message: 'Invalid login attempt!' },
  emailNotConfirmed: { status: 400, message: 'User has not confirmed their email!' },
  noSubscription: { status: 400, message: 'No subscription' },
  subscriptionCanceledEnded: {
    status: 400,
    message: 'Subscription has been cancelled and ended! You should reactivate subscription in order to have access again.',
  },
  subscriptionEnded: { status: 400, message: 'Subscription has ended! You should reactivate subscription in order to have access again.' },
  subscriptionNotPaid: {
    status: 400,
    message: 'Subscription has not been paid yet! You should finalize the payment in order to have access.',
  },
  organizationDeactivated: { status: 403, message: 'This organization has been deactivated.' },
  emailTaken: { status: 400, message: 'An account with this email already exists.' },
  wrongCode: { status: 400, message: 'Wrong code' },
  invalidResetCode: { status: 400, message: 'Invalid code. Please try again' },
  codeExpired: { status: 400, message: 'The code has expired. Please request a new one.' },
  codeAttemptsExceeded: { status: 400, message: 'Too many wrong attempts. Please request a new code.' },
  alreadyConfirmed: { status: 400, message: 'This email is already confirmed.' },
  invalidPassword: { status: 400, message: 'Invalid password. Please try again' },
  passwordMismatch: { status: 400, message: 'The two passwords do not match!' },
  weakPassword: {
    status: 400,
    message: 'Password must include uppercase, lowercase, number, and special character and minimum length of password - 8',
  },
  invalidPhone: { status: 400, message: 'Invalid phone number' },
  invalidRefreshToken: { status: 401, message: 'Your session has expired. Please sign in again.' },

  // Workspaces, projects and the recycle bin (spec 000 sections 5 and 8).
  workspaceNameRequired: { status: 400, message: 'Workspace name is required!' },
  workspaceLimit: { status: 400, message: 'You reached your packet limit for creating workspaces!!' },
  workspaceHasSurveys: { status: 400, message: "One or more of the projects in this workspace have surveys and can't be deleted!" },
  projectLimit: { status: 400, message: 'You reached your packet limit for creating projects in workspace!!' },
  projectTitleRequired: { status: 400, message: 'Please specify the official title of the project.' },
  projectManagerRequired: { status: 400, message: 'Specify the name and designation of the assigned project manager.' },
  projectCountryRequired: { status: 400, message: 'Specify the country of origin or primary activity for the project.' },
  projectTimelineRequired: { status: 400, message: 'Please select a timeline for the project.' },
  projectManagerNotAllowed: {
    status: 400,
    message: 'The project manager must be a member of this workspace who is not a Data Collector or Guest.',
  },
  projectMemberNotInWorkspace: { status: 400, message: 'Team members must be members of this workspace.' },
  projectTypeUnavailable: { status: 400, message: 'This project type is not available.' },
  noRecycleBin: { status: 400, message: 'This kind of item has no recycle bin.' },
  notInRecycleBin: { status: 409, message: 'This item is not in the recycle bin.' },
  memberProtected: { status: 403, message: "The organization owner and your own membership can't be removed here." },
  // Member management. The spec's help text for the unique e-mail and the one role rule.
  memberExists: { status: 409, message: 'Each user can have only one role per organization, and each e-mail must be unique.' },
  memberRoleNotAllowed: { status: 403, message: 'You are not allowed to give this role.' },
  ownRoleChange: { status: 403, message: "You can't change your own role." },
  memberLimit: { status: 400, message: 'You reached your packet limit for adding members!!' },
  memberNameShared: {
    status: 409,
    message: 'This name belongs to an account that other organizations share; its owner can change it in their profile.',
  },
  invalidEmail: { status: 400, message: 'Please enter a valid email address' },
  // Organization Management and the Login Information dialog.
  organizationOwnerOnly: { status: 403, message: "Only the organization's owner can change its name, type and country." },
  wrongCurrentPassword: { status: 400, message: 'Your old password is incorrect.' },
  samePassword: { status: 400, message: 'The new password must be different from the old one.' },
  invalidInvitation: { status: 400, message: 'This invitation link is invalid, expired or already used.' },
  // Tasks. The reject reason's text is the spec's.
  rejectionReasonRequired: { status: 400, message: 'Please type something here' },
  taskClosed: { status: 409, message: 'This task is no longer open.' },
  surveyNotDeployed: { status: 400, message: 'Only published surveys can be assigned.' },
  channelUnavailable: { status: 400, message: 'This channel is not set up on this server.' },
  // Targets.
  targetStrataOverTotal: { status: 400, message: 'The location groups together have more than the whole target.' },
  targetExists: { status: 409, message: 'This survey already has a target. Delete it before restoring another.' },
  // Support tickets and the account area.
  ticketClosed: { status: 409, message: 'This ticket is closed.' },
  beneficiaryImportRefused: { status: 400, message: 'The file cannot be imported.' },
  beneficiaryKeyRequired: { status: 400, message: "Please fill in this list's key: the ID number or the phone number." },
  beneficiaryDuplicate: { status: 409, message: 'A respondent with this key is already on this list.' },
  beneficiaryErased: { status: 409, message: 'This respondent has been erased.' },
  ticketSupportOnly: { status: 403, message: 'Only support can change the status of a ticket.' },
  ticketTooManyFiles: { status: 400, message: 'A ticket can have at most 3 attachments.' },
  ticketFileType: { status: 400, message: 'Accepted file types: png, jpeg, jpg, gif, webp, xls, xlsx, docx, pdf.' },
  ticketFileTooLarge: { status: 413, message: 'Each attachment can be at most 20MB.' },
  sameEmail: { status: 400, message: 'The new email is the one you already use.' },
  profilePictureType: { status: 400, message: 'The profile picture must be a png, jpg or jpeg image.' },
  profilePictureTooLarge: { status: 413, message: 'The profile picture can be at most 20MB.' },
  // Surveys and submissions (spec 001 sections 4, 5 and 8).
  alreadySubmitted: { status: 400, message: "Survey has already been submitted. You can't submit more than once." },
  surveyExpired: {
    status: 400,
    message: 'The survey has expired and can no longer be submitted. Please contact the survey creator for more information.',
  },
  surveyNotOpen: { status: 400, message: 'This survey is not open for submissions.' },
  surveyInvalid: { status: 400, message: 'Error: Please check the constraints of the questions and provide the correct answers.' },
  submissionConflict: { status: 409, message: 'This submission was already received with different answers.' },
  fileTypeNotAllowed: { status: 400, message: 'File type not allowed or potentially harmful.' },
  fileTooLarge: { status: 413, message: 'File size exceeds the 5MB limit.' },
  evaluationBudget: {
    status: 422,
    message: 'This survey asks for more computation than one submission may use. Please contact the survey creator for more information.',
  },
  // The builder.
  staleSave: {
    status: 409,
    message:
      'This survey was changed in another tab or by someone else since you opened it. Your changes were not saved: please reload the page to get the latest version.',
  },
  surveyHasProblems: { status: 400, message: 'The survey has problems that must be fixed first.' },
  surveyStatusChange: { status: 400, message: "The survey's status can't change this way." },
  unknownLanguage: { status: 400, message: 'This language does not exist.' },
  languageNotInSurvey: { status: 400, message: 'The survey has no such language. Add it first.' },
  // Billing (spec 000 section 8 "Registration and payment", "Subscription and billing").
  noDefaultPaymentMethod: { status: 400, message: 'Customer does not have a default payment method.' },
  cardDeclined: { status: 402, message: 'Your card was declined.' },
  cardInvalid: { status: 400, message: 'Your card number is invalid.' },
  subscriptionCanceledChange: { status: 400, message: 'Cannot change subscription: it has been canceled.' },
  subscriptionSamePlan: { status: 400, message: 'Cannot change subscription to the plan and billing it already has.' },
  subscriptionAlreadyCanceled: { status: 400, message: 'This subscription is already cancelled.' },
  storageLimit: { status: 400, message: 'You reached your packet storage limit! Delete files or choose a plan with more storage.' },
  paymentProviderMismatch: { status: 404, message: 'This payment call is not used with the payment provider of this server.' },
  webhookSignature: { status: 400, message: 'The webhook signature is not valid.' },
  baseLanguageStatus: { status: 400, message: "The survey's base language can't be archived." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ProblemCode = keyof typeof problems;

export function isProblemCode(value: unknown): value is ProblemCode {
  return typeof value === 'string' && Object.hasOwn(problems, value);
}

/** The wrapper every API reply travels in (spec README). */
export interface Envelope<T = unknown> {
  isSuccess: boolean;
  data: T;
  message: string;
  errors: string[];
  /** A refusal's stable problem code (the keys above); absent on success. */
  code?: ProblemCode;
}

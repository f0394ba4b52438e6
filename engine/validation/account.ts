// Account field rules shared by the browser forms and the server (spec 000 section 5).

/** Starts with a letter, then letters, digits or ._%+-, @, a domain, a top-level part of 2+ letters. */
export const EMAIL_PATTERN = '^[A-Za-z][A-Za-z0-9._%+-]*@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$';
export const PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).{8,}$';
export const PASSWORD_MIN_LENGTH = 8;
/** The special characters the reset-password checklist names. */
export const PASSWORD_SPECIALS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

const emailRe = new RegExp(EMAIL_PATTERN);
const passwordRe = new RegExp(PASSWORD_PATTERN);

export const isValidEmail = (email: string): boolean => emailRe.test(email);
export const isStrongPassword = (password: string): boolean => passwordRe.test(password);

/** The live checklist on the reset-password screen: each rule with whether it holds. */
export function passwordChecklist(password: string): Record<'length' | 'lower' | 'upper' | 'digit' | 'special', boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIALS.includes(c)),
  };
}

export { isValidPhone, normalizePhone } from './phone';

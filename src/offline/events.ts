/** Fired on window when the outbox has sent something: screens showing a task's status refresh. */
export const OUTBOX_SENT_EVENT = 'fieldsurvey:outbox-sent';
